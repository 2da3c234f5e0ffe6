import type { UserAccountEvent } from '@nubes/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { auditEventColumns } from '../../components/history/auditEventColumns';
import { useAuditEventLabels } from '../../components/history/auditEventLabels';

/** The user's audit events, as actor and as object, newest first: when, who, what, on which object, old → new. */
export const UserAccountEvents = ({ events, caption }: { events: readonly UserAccountEvent[]; caption: string }) => {
  const { t } = useTranslation();
  const labels = useAuditEventLabels();
  const columns = useMemo(
    () =>
      auditEventColumns<UserAccountEvent>(t, labels, {
        note: (event) => t(event.as === 'actor' ? 'userAccounts.details.asActor' : 'userAccounts.details.asObject'),
      }),
    [t, labels],
  );

  return (
    <DataTable
      id="user-account-events"
      caption={caption}
      columns={columns}
      rows={events}
      getRowId={(event) => event.id}
      initialSort={{ id: 'when', desc: true }}
      empty={{ title: t('userAccounts.details.noEvents') }}
    />
  );
};
