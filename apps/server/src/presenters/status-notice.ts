import { STATUS_NOTICE_STATES, type ServiceState, type StatusNotice } from '@nubes/domain';

/**
 * A service's status notice as the answers carry it: only in a state that takes one, and only
 * when the step gave a reason or an expected end.
 */
export const statusNoticeOf = (row: {
  state: ServiceState;
  statusReason: string | null;
  statusExpectedEnd: string | null;
}): StatusNotice | null =>
  (STATUS_NOTICE_STATES as readonly ServiceState[]).includes(row.state) && (row.statusReason || row.statusExpectedEnd)
    ? { reason: row.statusReason ?? '', expectedEnd: row.statusExpectedEnd }
    : null;
