import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { APPLICATION_FIELDS, FIELD_GROUPS, routePath, type ServiceDetail } from '@nubes/domain';
import { useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../routing';
import { LeaveGuard, useGuardedForm } from '../../../components/LeaveGuard';
import { DraftFields, NameInput, ProviderInput } from '../components/DraftFields';
import { ApplicationValues } from '../components/FieldValueList';
import { draftFromService, EMPTY_DRAFT, firstErrorKey, NAME_KEY, PROVIDER_KEY } from '../formModel';
import { useRunTransition } from '../useRunTransition';
import { ServiceSaveConflict } from '../components/ServiceSaveConflict';
import { useSaveService } from '../useSaveService';
import { useDraftKey } from '../draftStorage';
import { focusField, useServiceDraft } from '../useServiceDraft';
import { ServiceFormHeading } from '../header/ServiceFormHeading';
import { KeptDraftNotice } from '../../../forms/KeptDraftNotice';

const GROUPS = FIELD_GROUPS.filter((group) => APPLICATION_FIELDS.some((field) => field.group === group));
const ORDER = [NAME_KEY, PROVIDER_KEY, ...APPLICATION_FIELDS.map((field) => field.key)];

export interface ApplicationFormProps {
  /** The application being edited; null on New Application. */
  service: ServiceDetail | null;
}

/**
 * New and Edit Service Application: the application fields of the catalogue. Saving needs only
 * the name; "Complete application" needs every application field valid and then hands the
 * application in (completeApplication). Leaving with unsaved edits asks first (ADR 19).
 */
export const ApplicationForm = ({ service }: ApplicationFormProps) => (
  <LeaveGuard>
    <ApplicationFormBody service={service} />
  </LeaveGuard>
);

const ApplicationFormBody = ({ service }: ApplicationFormProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const base = useMemo(() => (service ? draftFromService(service) : EMPTY_DRAFT), [service]);
  const draft = useServiceDraft(base, useDraftKey(service?.id ?? null));
  useGuardedForm('application', { dirty: draft.dirty, discard: draft.reset });
  const { save, saving, conflict } = useSaveService({
    service,
    draft,
    fields: APPLICATION_FIELDS,
    order: ORDER,
    cannotSaveKey: 'service.cannotSave',
  });
  const { run, running } = useRunTransition(service?.id);
  const editable = !service || service.permissions.edit;
  const canComplete = service?.actions.includes('completeApplication') ?? false;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await save();
    if (!service && typeof result === 'object') {
      navigate(routePath('serviceApplicationEdit', { id: result.id }), { replace: true });
    }
  };

  const complete = async () => {
    if (!service) return;
    // Unsaved changes go in first; the application is checked as it will be handed in.
    const saved = await save({ quietWhenUnchanged: true });
    if (saved === 'failed') return;
    const current = typeof saved === 'object' ? saved : service;
    const next = await run(current, 'completeApplication', ({ errors, source }) => {
      draft.showErrors(errors, source);
      const first = firstErrorKey(errors, ORDER);
      if (first) focusField(first);
    });
    if (next) navigate(routePath('service', { id: next.id }));
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t(service ? 'routes.serviceApplicationEdit' : 'routes.serviceApplication')}</Title>
        {service && <ServiceFormHeading service={service} />}
      </div>

      {editable ? (
        <form noValidate aria-label={t('serviceView.applicationForm')} onSubmit={(event) => void onSubmit(event)}>
          <Stack gap="xl">
            <Text>{t('serviceView.applicationIntro')}</Text>
            <KeptDraftNotice restored={draft.restored} onDiscard={draft.reset} />
            {service && <ServiceSaveConflict conflict={conflict} service={service} />}
            <Stack gap="md">
              <NameInput draft={draft} />
              <ProviderInput draft={draft} service={service} />
            </Stack>
            {GROUPS.map((group) => (
              <section key={group} aria-labelledby={`application-${group}`}>
                <Title order={2} size="h3" id={`application-${group}`} mb="sm">
                  {t(`fieldGroups.${group}`)}
                </Title>
                <DraftFields
                  fields={APPLICATION_FIELDS.filter((field) => field.group === group)}
                  draft={draft}
                  service={service}
                  step="application"
                />
              </section>
            ))}
            <Group>
              <Button type="submit" loading={saving} disabled={running !== null}>
                {t('serviceView.save')}
              </Button>
              {canComplete && (
                <Button
                  variant="outline"
                  onClick={() => void complete()}
                  loading={running === 'completeApplication'}
                  disabled={saving}
                >
                  {t('workflow.actions.completeApplication')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack gap="md">
          <Alert color="gray" role="status">
            {t('service.notEditable')}
          </Alert>
          {service && <ApplicationValues service={service} />}
        </Stack>
      )}
    </Stack>
  );
};
