import { Alert, Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  isChangeableField,
  routePath,
  SERVICE_FIELDS,
  type ChangeRequest,
  type FieldGroup,
  type ServiceDetail,
} from '@nubes/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../routing';
import { notifyError, notifyInfo, notifySuccess } from '../../../api/notify';
import { LeaveGuard, useGuardedForm } from '../../../components/LeaveGuard';
import {
  changeRequestKeys,
  createChangeRequest,
  fetchServiceChangeRequests,
  stepChangeRequest,
  updateChangeRequest,
} from '../change-requests/api';
import { ChangeRequestCard } from '../change-requests/ChangeRequestCard';
import { ChangeRequestNotice, ServiceLockNotice } from '../change-requests/ServiceLockNotice';
import { useChangeRequestCache } from '../change-requests/useChangeRequestCache';
import { DraftFields } from '../components/DraftFields';
import { FieldValueList } from '../components/FieldValueList';
import {
  changesOf,
  draftFromService,
  editsOf,
  firstErrorKey,
  groupOfKey,
  informationOrder,
  informationPages,
  pageFields,
  saveErrors,
  type DraftValues,
} from '../formModel';
import { focusField, useServiceDraft, type ServiceDraft } from '../useServiceDraft';
import { reportWriteError } from '../../../api/writes';
import { ServiceFormHeading } from '../header/ServiceFormHeading';
import { useSelectedTabInView } from '../../../hooks/useSelectedTabInView';

const GROUPS = informationPages();
const ORDER = informationOrder();
const OPEN = new Set(['draft', 'handed_in', 'released']);
const REQUEST_FIELDS = SERVICE_FIELDS.filter((field) => isChangeableField(field.key));

type Mode = 'direct' | 'request' | 'readOnly';

/** The service's values with an open draft's proposals over them: what the form starts from. */
const withProposals = (service: ServiceDetail, open: ChangeRequest | undefined): DraftValues => {
  const base = draftFromService(service);
  if (!open || open.state !== 'draft') return base;
  const fields = { ...base.fields };
  for (const field of open.fields) fields[field.key] = field.newValue;
  return { ...base, fields };
};

/**
 * Edit Service (/sc/service-online-form/{id}): one tab per field group, for the provider side and
 * the integration managers in the states where they write a change request, which they then hand
 * in (docs/domain.md#change-requests). Whoever may edit the service directly is sent to its
 * service information tab, the one editor of its fields (ADR 0085).
 */
export const OnlineForm = ({ service }: { service: ServiceDetail }) => (
  <LeaveGuard>
    <OnlineFormBody service={service} />
  </LeaveGuard>
);

const OnlineFormBody = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const requests = useQuery({
    queryKey: changeRequestKeys.ofService(service.id),
    queryFn: () => fetchServiceChangeRequests(service.id),
    enabled: service.permissions.changeRequests,
  });
  const open = requests.data?.items.find((r) => OPEN.has(r.state));
  const locked = requests.data?.locked ?? false;
  // While a change request locks the information, nobody saves to it directly (service.lock).
  const mode: Mode =
    service.permissions.edit && !service.lock
      ? 'direct'
      : requests.data && (requests.data.canCreate || locked || open?.actions.includes('update'))
        ? 'request'
        : 'readOnly';
  const base = useMemo(
    () => (mode === 'request' ? withProposals(service, open) : draftFromService(service)),
    [mode, service, open],
  );
  const draft = useServiceDraft(base);
  // A handed-in request is shown, not edited: what was typed went with it, nothing is left to lose.
  const waiting = mode === 'request' && locked;
  // The portfolio manager, who would save directly, is held by the lock too: told so, not told to wait.
  const lockedEditor = service.permissions.edit && service.lock !== null;
  const { changed } = useChangeRequestCache();
  useGuardedForm('online', { dirty: draft.dirty && !waiting, discard: draft.reset });
  const [tab, setTab] = useState<FieldGroup>(GROUPS[0]!);
  const tabList = useSelectedTabInView(tab);

  const showField = (key: string) => {
    const group = groupOfKey(key);
    if (group && group !== tab) setTab(group);
    // The tab's panel renders first.
    window.setTimeout(() => focusField(key), 0);
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('routes.serviceOnlineForm')}</Title>
        <ServiceFormHeading service={service} />
      </div>

      {mode === 'readOnly' ? (
        requests.isPending && service.permissions.changeRequests ? null : (
          <Alert color="gray" role="status">
            {t('changeRequests.onlineForm.notEditable')}
          </Alert>
        )
      ) : lockedEditor ? (
        <ServiceLockNotice service={service} />
      ) : mode === 'direct' ? (
        // Who edits directly has the service information tab for it: one editor of the fields.
        <Alert color="blue" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('changeRequests.onlineForm.directIntro')}</Text>
            <Button component={Link} to={`${routePath('service', { id: service.id })}?tab=information`} size="sm">
              {t('changeRequests.onlineForm.openInformation')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Text>{t('changeRequests.onlineForm.intro')}</Text>
      )}
      {waiting && !lockedEditor && (
        // Handed in: nothing to do here but wait, so the request shows as it was sent, read-only.
        <ChangeRequestNotice
          serviceId={service.id}
          title={t('changeRequests.waitingTitle')}
          text={t('changeRequests.lockedText')}
          linkLabel={t('changeRequests.onlineForm.openChangeRequest')}
        />
      )}
      {waiting && open && (
        <ChangeRequestCard
          request={open}
          onChanged={() => changed(service.id)}
          onConflict={() => changed(service.id)}
          headingLevel={2}
        />
      )}
      {mode === 'request' && open?.state === 'draft' && (
        <Alert color="blue" role="status">
          {t('changeRequests.onlineForm.draftNotice', { count: open.fields.length })}
        </Alert>
      )}

      {!waiting && mode !== 'direct' && (
        <Tabs value={tab} onChange={(next) => next && setTab(next as FieldGroup)} keepMounted={false}>
          <Tabs.List ref={tabList} aria-label={t('changeRequests.onlineForm.tabsLabel')}>
            {GROUPS.map((group) => (
              <Tabs.Tab key={group} value={group}>
                {t(`fieldGroups.${group}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {GROUPS.map((group) => (
            <Tabs.Panel key={group} value={group} pt="lg">
              {mode === 'readOnly' ? (
                <FieldValueList
                  fields={pageFields(group)}
                  values={draftFromService(service).fields}
                  refs={service.refs}
                  keywords={service.keywords}
                />
              ) : (
                <DraftFields
                  fields={pageFields(group).filter((f) => isChangeableField(f.key))}
                  draft={draft}
                  service={service}
                  step="serviceInformation"
                />
              )}
            </Tabs.Panel>
          ))}
        </Tabs>
      )}

      {mode === 'request' && !waiting && <RequestSave service={service} draft={draft} open={open} focus={showField} />}
    </Stack>
  );
};

interface RequestSaveProps {
  service: ServiceDetail;
  draft: ServiceDraft;
  open: ChangeRequest | undefined;
  focus: (key: string) => void;
}

/** The proposals: every changeable field whose value differs from the service's. */
const proposalsOf = (service: ServiceDetail, values: DraftValues) => {
  const serviceBase = draftFromService(service);
  return changesOf(serviceBase, editsOf(serviceBase, values))?.fields ?? {};
};

const RequestSave = ({ service, draft, open, focus }: RequestSaveProps) => {
  const { t } = useTranslation();
  const { changed } = useChangeRequestCache();

  const write = useMutation({
    mutationFn: async (handIn: boolean) => {
      const proposals = proposalsOf(service, draft.values);
      const draftOpen = open?.state === 'draft' ? open : undefined;
      let request =
        draftOpen && !draft.dirty
          ? draftOpen
          : draftOpen
            ? await updateChangeRequest(draftOpen.id, draftOpen.version, proposals)
            : await createChangeRequest(service.id, proposals);
      if (handIn) request = await stepChangeRequest(request.id, 'hand-in', request.version);
      return { request, handIn };
    },
    onSuccess: ({ request, handIn }) => {
      changed(service.id);
      notifySuccess(
        t(handIn ? 'changeRequests.sent' : 'changeRequests.saved'),
        t('changeRequests.details', { name: request.service.name }),
      );
    },
    onError: (error) =>
      reportWriteError(error, t('service.cannotSave'), t, {
        onConflict: () => changed(service.id),
        onFields: (messages) => {
          draft.showErrors(messages, 'texts');
          const first = firstErrorKey(messages, ORDER);
          if (first) focus(first);
        },
      }),
  });

  const submit = (handIn: boolean) => {
    const errors = saveErrors(REQUEST_FIELDS, draft.values);
    delete errors.name;
    if (Object.keys(errors).length > 0) {
      draft.showErrors(errors, 'keys');
      notifyError(t('service.cannotSave'), t('service.resolveErrors'));
      const first = firstErrorKey(errors, ORDER);
      if (first) focus(first);
      return;
    }
    const nothing = Object.keys(proposalsOf(service, draft.values)).length === 0;
    if (nothing && !(handIn && open?.state === 'draft')) {
      notifyInfo(t('service.nothingToSave'), t('serviceView.nothingToSaveText'));
      return;
    }
    write.mutate(handIn);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(false);
  };

  return (
    <form noValidate aria-label={t('routes.serviceOnlineForm')} onSubmit={onSubmit}>
      <Group>
        <Button type="submit" variant="default" loading={write.isPending && write.variables === false}>
          {t('changeRequests.actions.update')}
        </Button>
        <Button onClick={() => submit(true)} loading={write.isPending && write.variables === true}>
          {t('changeRequests.actions.handIn')}
        </Button>
      </Group>
    </form>
  );
};
