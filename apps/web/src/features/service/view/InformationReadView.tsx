import { Alert, Anchor, Grid, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FieldGroup, ServiceDetail } from '@nubes/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldValueList } from '../components/FieldValueList';
import { informationPages, isFieldGroup, pageFields } from '../formModel';
import type { ServiceDraft } from '../useServiceDraft';
import { useServiceTabs } from './useServiceTabs';

const PAGES = informationPages();

/** The DOM id of a group's section, the target of its link in the contents. */
const sectionId = (group: FieldGroup) => `service-info-${group}`;

const Contents = () => {
  const { t } = useTranslation();
  const links = (
    <ol className="service-info-contents">
      {PAGES.map((group) => (
        <li key={group}>
          <Anchor href={`#${sectionId(group)}`}>{t(`fieldGroups.${group}`)}</Anchor>
        </li>
      ))}
    </ol>
  );
  // A phone has no room beside the text: the contents fold into one line above it.
  const phone = useMediaQuery('(max-width: 62em)');
  return (
    <nav aria-label={t('serviceHeader.contents')} className="service-info-nav">
      {phone ? (
        <details>
          <summary>{t('serviceHeader.contents')}</summary>
          {links}
        </details>
      ) : (
        <>
          <Title order={2} size="h4" mb="xs">
            {t('serviceHeader.contents')}
          </Title>
          {links}
        </>
      )}
    </nav>
  );
};

/**
 * The service information for reading: every group on one scrolling page, each a section under
 * its heading, with the contents beside it (sticky on a wide screen, folded on a phone). Editing
 * stays paged (InformationTab), since a page is what its checks are about (ADR 12).
 */
export const InformationReadView = ({ service, draft }: { service: ServiceDetail; draft: ServiceDraft }) => {
  const { t } = useTranslation();
  const { page } = useServiceTabs();

  // A link to a page of the information (?page=) lands at that section.
  useEffect(() => {
    if (isFieldGroup(page)) document.getElementById(sectionId(page))?.scrollIntoView?.();
  }, [page]);

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Contents />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="xl">
          <Alert color="gray" role="status">
            {t('serviceView.readOnly')}
          </Alert>
          {PAGES.map((group) => (
            <section
              key={group}
              id={sectionId(group)}
              aria-labelledby={`${sectionId(group)}-title`}
              className="service-info-section"
            >
              <Title order={2} size="h3" id={`${sectionId(group)}-title`} mb="sm">
                {t(`fieldGroups.${group}`)}
              </Title>
              <FieldValueList
                fields={pageFields(group)}
                values={draft.values.fields}
                refs={service.refs}
                keywords={service.keywords}
              />
            </section>
          ))}
        </Stack>
      </Grid.Col>
    </Grid>
  );
};
