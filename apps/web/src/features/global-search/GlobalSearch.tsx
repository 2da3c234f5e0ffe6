import '@mantine/spotlight/styles.css';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { useDebouncedValue } from '@mantine/hooks';
import { routePath } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../routing';
import { usePermission } from '../../hooks/usePermission';
import { searchContacts, searchServices, searchVos } from './api';

/** Shorter queries would match half the portfolio: the lists' searches want two characters too. */
const MIN_QUERY_LENGTH = 2;

interface Hit {
  id: string;
  label: string;
  description: string;
  to: string;
}

const Group = ({ label, hits, go }: { label: string; hits: readonly Hit[]; go: (to: string) => void }) =>
  hits.length === 0 ? null : (
    // The label is drawn by CSS; the group's name carries it to screen readers.
    <Spotlight.ActionsGroup label={label} role="group" aria-label={label}>
      {hits.map((hit) => (
        <Spotlight.Action key={hit.id} label={hit.label} description={hit.description} onClick={() => go(hit.to)} />
      ))}
    </Spotlight.ActionsGroup>
  );

/**
 * The global search dialog (docs/adr/0042-global-search.md): Mantine's Spotlight over the lists'
 * own searches, each asked only when the person may use it; arrow keys move through the hits,
 * Enter opens one, Escape closes.
 */
export const GlobalSearch = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [[store, spotlight]] = useState(createSpotlight);
  const [query, setQuery] = useState('');
  const [words] = useDebouncedValue(query.trim(), 200);
  const portfolio = usePermission('service.list');
  const readsContacts = usePermission('contact.read');
  const ready = words.length >= MIN_QUERY_LENGTH;

  useEffect(() => spotlight.open(), [spotlight]);

  const services = useQuery({
    queryKey: ['globalSearch', 'services', portfolio, words],
    queryFn: ({ signal }) => searchServices(words, portfolio, signal),
    enabled: ready,
  });
  const contacts = useQuery({
    queryKey: ['globalSearch', 'contacts', words],
    queryFn: ({ signal }) => searchContacts(words, signal),
    enabled: ready && readsContacts,
  });
  const vos = useQuery({
    queryKey: ['globalSearch', 'vos', words],
    queryFn: ({ signal }) => searchVos(words, signal),
    enabled: ready,
  });

  const serviceHits: Hit[] = (services.data?.items ?? []).map((service) => ({
    id: `service:${service.id}`,
    label: service.name,
    description: `${service.serviceId} · ${t(`serviceStates.${service.state}`)}`,
    to: routePath('service', { id: service.id }),
  }));
  const contactHits: Hit[] = readsContacts
    ? (contacts.data?.items ?? []).map((contact) => ({
        id: `contact:${contact.id}`,
        label: `${contact.firstname} ${contact.lastname}`.trim(),
        description: [contact.email, contact.institution?.abbreviation ?? contact.otherInstitution]
          .filter(Boolean)
          .join(' · '),
        to: `${routePath('contactDatabase')}?${new URLSearchParams({ contact: contact.id }).toString()}`,
      }))
    : [];
  const voHits: Hit[] = (vos.data?.items ?? []).map((vo) => ({
    id: `vo:${vo.id}`,
    label: vo.name,
    description: t(`vos.states.${vo.state}`),
    to: routePath('virtualOrganisation', { id: vo.id }),
  }));

  const asked = [services, vos, ...(readsContacts ? [contacts] : [])];
  const searching = ready && (words !== query.trim() || asked.some((q) => q.isFetching));
  const failed = ready && asked.some((q) => q.isError);
  const found = serviceHits.length + contactHits.length + voHits.length > 0;
  let status: ReactNode = null;
  if (!ready) status = t('globalSearch.typeMore');
  else if (failed) status = t('globalSearch.failed');
  else if (!found) status = searching ? t('globalSearch.searching') : t('globalSearch.nothingFound');

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      onSpotlightClose={onClose}
      scrollable
      maxHeight="min(28rem, 70vh)"
    >
      <Spotlight.Search placeholder={t('globalSearch.placeholder')} aria-label={t('globalSearch.label')} />
      <Spotlight.ActionsList aria-label={t('globalSearch.label')}>
        {ready && (
          <>
            <Group label={t('globalSearch.services')} hits={serviceHits} go={navigate} />
            <Group label={t('globalSearch.contacts')} hits={contactHits} go={navigate} />
            <Group label={t('globalSearch.vos')} hits={voHits} go={navigate} />
          </>
        )}
        {status !== null && <Spotlight.Empty role="status">{status}</Spotlight.Empty>}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
};
