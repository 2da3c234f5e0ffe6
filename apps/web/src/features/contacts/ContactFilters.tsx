import { NativeSelect } from '@mantine/core';
import { CONTACT_PROPERTY_KINDS } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../components/FilterBar';
import { SearchBox } from '../../components/SearchBox';
import { fetchInstitutions, serviceKeys } from '../../api/services';
import { changeContactsView, type ContactsView } from './contactsView';

interface Props {
  view: ContactsView;
  onChange: (next: ContactsView, options?: { replace?: boolean }) => void;
}

/** Search, institution and property kind of the contact list; each change starts on page 1. */
export const ContactFilters = ({ view, onChange }: Props) => {
  const { t } = useTranslation();
  const institutions = useQuery({ queryKey: serviceKeys.institutions, queryFn: fetchInstitutions, staleTime: 300_000 });
  const change = (partial: Parameters<typeof changeContactsView>[1], options?: { replace?: boolean }) =>
    onChange(changeContactsView(view, partial), options);

  const institutionOptions = useMemo(() => {
    const options = (institutions.data?.items ?? []).map((institution) => ({
      value: institution.id,
      label: `${institution.abbreviation} – ${institution.name}`,
    }));
    if (view.institution && !options.some((option) => option.value === view.institution))
      options.push({ value: view.institution, label: view.institution });
    return [{ value: '', label: t('contacts.allInstitutions') }, ...options];
  }, [institutions.data, view.institution, t]);

  const filtered = Boolean(view.q || view.institution || view.propertyKind);
  return (
    <FilterBar
      label={t('portfolio.filtersLabel')}
      onReset={filtered ? () => change({ q: '', institution: null, propertyKind: null }) : undefined}
      active={[view.institution, view.propertyKind].filter(Boolean).length}
      search={
        <SearchBox
          label={t('contacts.search')}
          description={t('contacts.searchPlaceholder')}
          value={view.q}
          onCommit={(q) => change({ q }, { replace: Boolean(q && view.q) })}
        />
      }
    >
      <NativeSelect
        label={t('contacts.institutionFilter')}
        data={institutionOptions}
        value={view.institution ?? ''}
        onChange={(event) => change({ institution: event.currentTarget.value || null })}
        w={{ base: '100%', sm: 280 }}
      />
      <NativeSelect
        label={t('contacts.propertyKindFilter')}
        data={[
          { value: '', label: t('contacts.allPropertyKinds') },
          ...CONTACT_PROPERTY_KINDS.map((kind) => ({ value: kind, label: t(`contactProperties.${kind}`) })),
        ]}
        value={view.propertyKind ?? ''}
        onChange={(event) =>
          change({ propertyKind: (event.currentTarget.value || null) as ContactsView['propertyKind'] })
        }
        w={{ base: '100%', sm: 240 }}
      />
    </FilterBar>
  );
};
