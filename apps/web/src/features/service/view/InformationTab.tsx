import { Button, Group, Stack } from '@mantine/core';
import { SERVICE_FIELDS, validateForStep, type FieldGroup, type ServiceDetail } from '@nubes/domain';
import { useCallback, useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../api/notify';
import { PagedEditor, PageStepButtons, usePageFocus } from '../../../components/paged-editor/PagedEditor';
import { DraftFields, NameInput } from '../components/DraftFields';
import { KeptDraftNotice } from '../../../forms/KeptDraftNotice';
import { ServiceSaveConflict } from '../components/ServiceSaveConflict';
import {
  firstErrorKey,
  groupOfKey,
  informationOrder,
  informationPages,
  isFieldGroup,
  NAME_GROUP,
  pageErrors,
  pageFields,
  valuesForValidation,
} from '../formModel';
import { useRunTransition } from '../useRunTransition';
import { useSaveService } from '../useSaveService';
import { focusField, type ServiceDraft } from '../useServiceDraft';
import { InformationReadView } from './InformationReadView';
import { CheckButton, CheckResult, useInformationCheck } from './InformationCheck';
import { ServiceLockNotice } from '../change-requests/ServiceLockNotice';
import { useServiceTabs } from './useServiceTabs';

const PAGES = informationPages();
const ORDER = informationOrder();
const HEADING_ID = 'service-information-page';

export interface InformationTabProps {
  service: ServiceDetail;
  draft: ServiceDraft;
}

/**
 * Service information: edited page by page by whoever may edit it now, read on one scrolling page
 * by everyone else, and by everyone while a change request locks it (saying so).
 */
export const InformationTab = ({ service, draft }: InformationTabProps) =>
  service.permissions.edit && !service.lock ? (
    <InformationEditor service={service} draft={draft} />
  ) : (
    <Stack gap="md">
      <ServiceLockNotice service={service} />
      <InformationReadView service={service} draft={draft} />
    </Stack>
  );

/**
 * The editor, one page per field group. Leaving a page with errors is refused ("Cannot change
 * page"); missing answers are fine until "Submit service information".
 */
const InformationEditor = ({ service, draft }: InformationTabProps) => {
  const { t } = useTranslation();
  const { page: requested, open } = useServiceTabs();
  const page: FieldGroup = isFieldGroup(requested) && PAGES.includes(requested) ? requested : PAGES[0]!;
  const index = PAGES.indexOf(page);
  const canSubmit = service.actions.includes('submitServiceInformation');

  // A field on another page is focused once that page has rendered; the page heading otherwise.
  const expectPage = usePageFocus(page, HEADING_ID, focusField);

  const showField = useCallback(
    (key: string) => {
      const group = groupOfKey(key);
      if (group && group !== page) {
        expectPage(key);
        open('information', group);
      } else {
        focusField(key);
      }
    },
    [page, open, expectPage],
  );

  const { save, saving, conflict } = useSaveService({
    service,
    draft,
    fields: SERVICE_FIELDS,
    order: ORDER,
    cannotSaveKey: 'service.cannotSaveInformation',
    focus: showField,
  });
  const { run, running } = useRunTransition(service.id);
  const checking = useInformationCheck(service, draft);

  const goTo = (target: FieldGroup) => {
    if (target === page) return;
    const errors = pageErrors(page, draft.values);
    if (Object.keys(errors).length > 0) {
      draft.showErrors(errors, 'keys');
      notifyError(t('service.cannotChangePage'), t('serviceView.cannotChangePageText'));
      const first = firstErrorKey(errors, ORDER);
      if (first) focusField(first);
      return;
    }
    expectPage();
    open('information', target);
  };

  const submit = async () => {
    const saved = await save({ quietWhenUnchanged: true });
    if (saved === 'failed') return;
    await run(typeof saved === 'object' ? saved : service, 'submitServiceInformation', ({ errors, source }) => {
      draft.showErrors(errors, source);
      const first = firstErrorKey(errors, ORDER);
      if (first) showField(first);
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  // How many answers each page still needs for the submission.
  const missing = useMemo(() => {
    const values = valuesForValidation(draft.values);
    return new Map(
      PAGES.map((group) => [
        group,
        Object.keys(validateForStep(values, 'serviceInformation', pageFields(group))).length,
      ]),
    );
  }, [draft.values]);

  const steps = (
    <PageStepButtons
      pages={PAGES}
      page={page}
      onGoTo={goTo}
      previousLabel={t('serviceView.previousPage')}
      nextLabel={t('serviceView.nextPage')}
    />
  );

  return (
    <PagedEditor
      pages={PAGES}
      page={page}
      pageLabel={(group) => t(`fieldGroups.${group}`)}
      pageHint={(group) => {
        const toFill = missing.get(group) ?? 0;
        return toFill > 0 ? t('serviceView.toFill', { count: toFill }) : null;
      }}
      onGoTo={goTo}
      navLabel={t('serviceView.pagesLabel')}
      headingId={HEADING_ID}
      title={t('serviceView.pageTitle', { number: index + 1, total: PAGES.length, name: t(`fieldGroups.${page}`) })}
    >
      <form noValidate aria-labelledby={HEADING_ID} onSubmit={onSubmit}>
        <Stack gap="md">
          <KeptDraftNotice restored={draft.restored} onDiscard={draft.reset} />
          <ServiceSaveConflict conflict={conflict} service={service} />
          {page === NAME_GROUP && <NameInput draft={draft} />}
          <DraftFields fields={pageFields(page)} draft={draft} service={service} step="serviceInformation" />
          <CheckResult outcome={checking.outcome} onShowField={showField} />
          <Group justify="space-between" mt="md">
            {steps}
            <Group>
              <Button type="submit" loading={saving} disabled={running !== null}>
                {t('serviceView.save')}
              </Button>
              <CheckButton onCheck={checking.check} disabled={saving || running !== null} />
              {canSubmit && (
                <Button
                  variant="outline"
                  onClick={() => void submit()}
                  loading={running === 'submitServiceInformation'}
                  disabled={saving}
                >
                  {t('workflow.actions.submitServiceInformation')}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </form>
    </PagedEditor>
  );
};
