import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  routePath,
  VO_PAGE_FIELDS,
  VO_PAGES,
  voFormSchema,
  voSendProblems,
  type VoDetails,
  type VoFormInput,
  type VoFormValues,
  type VoPage,
} from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useWatch, type FieldPath, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../api/notify';
import { PagedEditor, PageStepButtons, usePageFocus } from '../../../components/paged-editor/PagedEditor';
import { SERVER_ERROR } from '../../../forms/fields';
import { LeaveGuard, useGuardedForm } from '../../../components/LeaveGuard';
import { useKeptDraft } from '../../../forms/keptDraft';
import { KeptDraftNotice } from '../../../forms/KeptDraftNotice';
import { SaveConflictNotice } from '../../../forms/choices/SaveConflictNotice';
import { useFormSaveConflict } from '../../../forms/choices/useSaveConflict';
import { useZodForm } from '../../../forms/useZodForm';
import { Link, useNavigate, useSearchParams } from '../../../routing';
import { reportWriteError } from '../../../api/writes';
import { createVo, fetchVo, runVoTransition, updateVo, voKeys } from '../api';
import { VoStateBadge } from '../VoStateBadge';
import { useVoCache } from '../useVoCache';
import { AaiPoliciesPage, AupPage, GeneralPage, TermsOfUsePage } from './VoApplicationPages';
import { focusVoField, formValuesOf, isVoPage, pageOfFirst, pageProblems, VO_FIELD_ORDER } from './voFormModel';

const HEADING_ID = 'vo-application-page';

/** Whether the form holds something the saved VO does not: a send saves that first. */
const differsFrom = (vo: VoDetails, values: VoFormValues): boolean => {
  const saved = formValuesOf(vo);
  return (Object.keys(saved) as (keyof VoFormValues)[]).some(
    (key) => JSON.stringify(saved[key]) !== JSON.stringify(values[key]),
  );
};

export interface VoApplicationFormProps {
  /** The application being edited; null on New VO Application. */
  vo: VoDetails | null;
}

/**
 * New and Edit VO Application: four pages (terms of use, AAI policies, general information and
 * responsibilities, the VO's AUP). Saving needs only the name; a page with a format error is not
 * left ("Cannot change page"); Send needs every page complete. Leaving with unsaved edits asks
 * first (ADR 19).
 */
export const VoApplicationForm = ({ vo }: VoApplicationFormProps) => (
  <LeaveGuard>
    <VoApplicationFormBody vo={vo} />
  </LeaveGuard>
);

const VoApplicationFormBody = ({ vo }: VoApplicationFormProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { store, reload } = useVoCache(vo?.id);
  const [params, setParams] = useSearchParams();
  const requested = params.get('page');
  const page: VoPage = isVoPage(requested) ? requested : VO_PAGES[0];
  const index = VO_PAGES.indexOf(page);
  const expectPage = usePageFocus(page, HEADING_ID, focusVoField);

  const form = useZodForm(voFormSchema, { defaultValues: formValuesOf(vo) });
  const { control, handleSubmit, setError, clearErrors, getValues, reset, formState } = form;
  const { conflict, resolve } = useFormSaveConflict(form, VO_FIELD_ORDER as FieldPath<VoFormInput>[], vo?.version);
  // A newer answer (a save, another step) is what the form shows from then on, unless something is
  // typed: that stays, and a conflict shows the other values beside it (ADR 0085).
  const { isDirty } = formState;
  useEffect(() => {
    if (!isDirty) reset(formValuesOf(vo));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a newer answer resets, not the typing
  }, [vo, reset]);
  // After that first reset: what was typed before a session ended comes back over the loaded values.
  const kept = useKeptDraft(form, 'vo-application', vo?.id ?? null);
  /** Someone else saved the application first: their values beside what was typed. */
  const meetConflict = async () => {
    if (!vo) return reload();
    // Unreadable now (gone, the network): the typing stays, and the next save says why.
    const theirs = await queryClient
      .fetchQuery({ queryKey: voKeys.detail(vo.id), queryFn: () => fetchVo(vo.id), staleTime: 0 })
      .catch(() => null);
    if (theirs) resolve(formValuesOf(theirs), theirs.version);
  };
  const conflictText = (key: string, value: unknown) => {
    const known = [vo, queryClient.getQueryData<VoDetails>(voKeys.detail(vo?.id ?? ''))];
    const nameOf = (id: unknown) => {
      for (const source of known) {
        if (!source) continue;
        if (key === 'homeInstitutionId' && source.homeInstitution?.id === id) return source.homeInstitution?.name;
        if (key === 'deputyId' && source.deputy?.id === id) return source.deputy?.fullname;
        const service = source.services.find((candidate) => candidate.id === id);
        if (key === 'serviceIds' && service) return service.name;
      }
      return String(id ?? '');
    };
    const shown =
      typeof value === 'boolean'
        ? t(value ? 'serviceView.yes' : 'serviceView.no')
        : Array.isArray(value)
          ? value.map(nameOf).join(', ')
          : key.endsWith('Id')
            ? value
              ? nameOf(value)
              : ''
            : String(value ?? '');
    return shown || t('serviceView.emptyValue');
  };
  useGuardedForm('vo-application', { dirty: formState.isDirty, discard: () => reset(formValuesOf(vo)) });

  const openPage = (target: VoPage, field?: string) => {
    expectPage(field);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('page', target);
        return next;
      },
      { replace: true },
    );
  };

  /** Shows the problems on their fields and opens the page of the first one. */
  const showProblems = (problems: Record<string, string>, type?: typeof SERVER_ERROR) => {
    for (const [field, message] of Object.entries(problems))
      if (VO_FIELD_ORDER.includes(field)) setError(field as FieldPath<VoFormInput>, { type, message });
    const first = pageOfFirst(Object.keys(problems));
    if (!first) return;
    if (first.page === page) focusVoField(first.field);
    else openPage(first.page, first.field);
  };

  const fieldList = (fields: readonly string[]) =>
    fields
      .filter((field) => VO_FIELD_ORDER.includes(field))
      .map((field) => t(`vos.fields.${field as keyof VoFormValues}`))
      .join(', ');

  const goTo = (target: VoPage) => {
    if (target === page) return;
    const problems = pageProblems(page, getValues());
    if (Object.keys(problems).length > 0) {
      showProblems(problems);
      notifyError(t('vos.messages.cannotChangePage'), t('voScreens.cannotChangePageText'));
      return;
    }
    clearErrors();
    openPage(target);
  };

  const saving = useMutation({
    mutationFn: (values: VoFormValues) => (vo ? updateVo(vo.id, { ...values, version: vo.version }) : createVo(values)),
    onSuccess: (saved) => {
      conflict.clear();
      store(saved);
      reset(formValuesOf(saved));
      notifySuccess(t(vo ? 'vos.messages.updated' : 'vos.messages.created'), saved.name);
      if (!vo) navigate(`${routePath('voApplicationEdit', { id: saved.id })}?page=${page}`, { replace: true });
    },
    onError: (error) =>
      reportWriteError(error, t('vos.messages.cannotSave'), t, {
        conflictMessage: vo ? t('form.saveConflict.toast') : undefined,
        onConflict: () => void meetConflict(),
        onFields: (fields) => showProblems(fields, SERVER_ERROR),
      }),
  });

  const sending = useMutation({
    mutationFn: (current: VoDetails) => runVoTransition(current.id, { action: 'send', version: current.version }),
    onSuccess: (sent) => {
      store(sent);
      void queryClient.invalidateQueries({ queryKey: voKeys.all });
      notifySuccess(t('vos.messages.statusChanged'), t(`vos.states.${sent.state}`));
      navigate(routePath('virtualOrganisation', { id: sent.id }));
    },
    onError: (error) =>
      reportWriteError(error, t('vos.messages.sendFailed'), t, {
        onConflict: reload,
        onFields: (fields) => showProblems(fields, SERVER_ERROR),
      }),
  });

  const refuseSave = (errors: FieldErrors<VoFormInput>) => {
    showProblems(Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message ?? ''])));
    notifyError(t('vos.messages.cannotSave'), t('voScreens.cannotSaveText'));
  };

  /** A save waits for a choice in every field both people changed. */
  const conflictWaits = () => {
    if (conflict.undecided === 0) return false;
    notifyError(t('vos.messages.cannotSave'), t('form.saveConflict.waiting', { count: conflict.undecided }));
    return true;
  };

  const send = handleSubmit(async (values) => {
    if (!vo || conflictWaits()) return;
    // The application is checked as it will be sent; unsaved edits go in first.
    const problems = voSendProblems(values, vo.applicant.id);
    if (Object.keys(problems).length > 0) {
      showProblems(problems);
      notifyError(
        t('vos.messages.sendFailed'),
        t('voScreens.sendFailedText', { fields: fieldList(Object.keys(problems)) }),
      );
      return;
    }
    let current = vo;
    if (differsFrom(vo, values)) {
      try {
        current = await saving.mutateAsync(values);
      } catch {
        return;
      }
    }
    sending.mutate(current);
  }, refuseSave);

  const busy = saving.isPending || sending.isPending;
  const editable = !vo || vo.canEdit;
  const canSend = vo?.actions.includes('send') ?? false;
  // What Send still needs, as typed (useWatch renders again on every change): marked in the page
  // list beside the messages shown, and once nothing is left Send is the main action.
  useWatch({ control });
  const toSend = vo ? voSendProblems(getValues(), vo.applicant.id) : {};
  const complete = canSend && Object.keys(toSend).length === 0;
  const pageHint = (target: VoPage) => {
    const fields = VO_PAGE_FIELDS[target] as readonly string[];
    const shown = fields.filter((field) => formState.errors[field as keyof VoFormInput]).length;
    if (shown > 0) return t('voScreens.toFix', { count: shown });
    const open = canSend ? fields.filter((field) => toSend[field] !== undefined).length : 0;
    return open > 0 ? t('serviceView.toFill', { count: open }) : null;
  };

  const pageBody: Record<VoPage, ReactNode> = {
    termsOfUse: <TermsOfUsePage control={control} vo={vo} />,
    aaiPolicies: <AaiPoliciesPage control={control} vo={vo} />,
    general: <GeneralPage control={control} vo={vo} setError={setError} clearErrors={clearErrors} />,
    aup: <AupPage control={control} vo={vo} />,
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t(vo ? 'routes.voApplicationEdit' : 'routes.voApplication')}</Title>
        {vo && (
          <Group gap="sm" mt="xs">
            <Text fw={600}>{vo.name}</Text>
            <VoStateBadge state={vo.state} />
            <Anchor component={Link} to={routePath('virtualOrganisation', { id: vo.id })}>
              {t('voScreens.openVo')}
            </Anchor>
          </Group>
        )}
      </div>
      <KeptDraftNotice restored={kept.restored} onDiscard={kept.discard} />
      {vo && vo.comments.length > 0 && vo.state === 'application_draft' && (
        <Alert color="yellow" title={t('voScreens.lastComment')}>
          {vo.comments[vo.comments.length - 1]!.text}
        </Alert>
      )}
      {editable ? (
        <PagedEditor
          pages={VO_PAGES}
          page={page}
          pageLabel={(target) => t(`vos.pages.${target}`)}
          pageHint={pageHint}
          onGoTo={goTo}
          navLabel={t('voScreens.pagesLabel')}
          headingId={HEADING_ID}
          title={t('voScreens.pageTitle', { number: index + 1, total: VO_PAGES.length, name: t(`vos.pages.${page}`) })}
        >
          <form
            noValidate
            aria-labelledby={HEADING_ID}
            onSubmit={(event) =>
              void handleSubmit((values) => {
                if (conflictWaits()) return;
                saving.mutate(values);
              }, refuseSave)(event)
            }
          >
            <Stack gap="lg">
              <SaveConflictNotice
                conflict={conflict}
                label={(key) => t(`vos.fields.${key as keyof VoFormValues}`)}
                text={conflictText}
              />
              {pageBody[page]}
              <Group justify="space-between" mt="md">
                <PageStepButtons
                  pages={VO_PAGES}
                  page={page}
                  onGoTo={goTo}
                  previousLabel={t('voScreens.previousPage')}
                  nextLabel={t('voScreens.nextPage')}
                />
                <Group>
                  <Button
                    type="submit"
                    variant={complete ? 'default' : 'filled'}
                    loading={saving.isPending}
                    disabled={busy && !saving.isPending}
                  >
                    {t('voScreens.save')}
                  </Button>
                  {canSend && (
                    <Button
                      variant={complete ? 'filled' : 'outline'}
                      onClick={() => void send()}
                      loading={sending.isPending}
                      disabled={busy && !sending.isPending}
                    >
                      {t('vos.actions.send')}
                    </Button>
                  )}
                </Group>
              </Group>
            </Stack>
          </form>
        </PagedEditor>
      ) : (
        <Alert color="gray" role="status">
          {t('vos.messages.notEditable')}
        </Alert>
      )}
    </Stack>
  );
};
