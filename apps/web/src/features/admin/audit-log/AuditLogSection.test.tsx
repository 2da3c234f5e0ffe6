import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditLog, AuditLogEntry } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../../test/fakeApi';
import { currentLocation, PEOPLE, renderApp } from '../../../test/renderApp';

const event = (overrides: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: crypto.randomUUID(),
  at: '2026-03-03T10:00:00.000Z',
  actor: 'Admin',
  actorId: '11111111-1111-4111-8111-111111111111',
  action: 'user.roles.updated',
  objectType: 'user',
  objectId: '22222222-2222-4222-8222-222222222222',
  changes: [{ field: 'roles', before: [], after: ['serviceProvider'] }],
  ...overrides,
});

const log = (items: AuditLogEntry[], total = items.length): AuditLog => ({ items, total, page: 1, pageSize: 50 });

describe('admin panel: the audit log', () => {
  it('names actions, objects and roles in words and keeps the filters in the address', async () => {
    const calls = fakeApi({
      'GET /api/audit-events': (call) =>
        call.search.includes('action=keyword.created')
          ? log([event({ action: 'keyword.created', objectType: 'keyword', objectId: 'k1', changes: [] })])
          : log(
              [
                event({}),
                event({ action: 'mail.retried', objectType: 'mail', changes: [] }),
                event({
                  action: 'entitlementRole.updated',
                  objectType: 'entitlementRole',
                  changes: [{ field: 'role', before: 'voManager', after: 'voSupervisor' }],
                }),
              ],
              120,
            ),
    });
    renderApp({ path: '/manage/adminPanel?tab=auditLog', user: PEOPLE.admin });
    const table = await screen.findByRole('table', { name: /^Audit log, page 1 of 3/ });
    expect(within(table).getByText('Portal roles changed')).toBeInTheDocument();
    expect(within(table).getByText('User account')).toBeInTheDocument();
    expect(within(table).getByText(/— → Service provider/)).toBeInTheDocument();
    expect(within(table).getByText('Mail sent again')).toBeInTheDocument();
    expect(within(table).getByText('Entitlement mapping changed')).toBeInTheDocument();
    expect(within(table).getByText(/VO manager → VO supervisor/)).toBeInTheDocument();

    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), { target: { value: 'keyword.created' } });
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('Keyword created')).toBeInTheDocument());
    expect(currentLocation()).toContain('action=keyword.created');
    // Other requests (the actor picker's people) may come after the log's, so look for it by path.
    const logCalls = calls.filter((call) => call.path === '/api/audit-events');
    expect(logCalls.at(-1)?.search).toContain('action=keyword.created');
  });

  it('shows the server’s word on a day range that ends before it starts', async () => {
    fakeApi({
      'GET /api/audit-events': () =>
        apiError(400, 'invalid_input', 'Some fields are not valid.', { to: 'The end lies before the start' }),
    });
    renderApp({ path: '/manage/adminPanel?tab=auditLog&from=2026-03-05&to=2026-03-01', user: PEOPLE.admin });
    expect(await screen.findByText('The end lies before the start')).toBeInTheDocument();
    expect(screen.getByText('No events match the filters')).toBeInTheDocument();
  });
});
