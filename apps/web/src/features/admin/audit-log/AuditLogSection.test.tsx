import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditLog, AuditLogEntry } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n';
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
  objectName: 'Nora Neumann',
  objectLink: '/cd/user-accounts?user=22222222-2222-4222-8222-222222222222',
  changes: [{ field: 'roles', before: [], after: ['serviceProvider'] }],
  ...overrides,
});

const log = (items: AuditLogEntry[], total = items.length): AuditLog => ({
  items,
  total,
  page: 1,
  pageSize: 50,
  nextCursor: null,
});

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
    expect(within(table).getAllByText('User account')[0]).toBeInTheDocument();
    // The object by the name it has now, beside its kind and the start of its id.
    expect(within(table).getAllByRole('link', { name: 'Nora Neumann' })[0]).toHaveAttribute(
      'href',
      '/cd/user-accounts?user=22222222-2222-4222-8222-222222222222',
    );
    expect(within(table).getByText(/\(empty\) → Service provider/)).toBeInTheDocument();
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

  it('finds people who are gone for the Who filter, as their past actions are in the log', async () => {
    const henrik = {
      id: '33333333-3333-4333-8333-333333333333',
      username: 'hnordmann',
      fullname: 'Henrik Nordmann',
      email: 'h@example.org',
    };
    const calls = fakeApi({
      'GET /api/audit-events': () => log([event({})]),
      'GET /api/users': (call) => ({ items: call.search.includes('gone=include') ? [henrik] : [] }),
    });
    renderApp({ path: '/manage/adminPanel?tab=auditLog', user: PEOPLE.admin });
    await screen.findByRole('table', { name: /^Audit log/ });
    const picker = screen.getByRole('combobox', { name: 'Who' });
    // Mantine takes a change of an unfocused combobox for autofill, so type into it as a person would.
    picker.focus();
    fireEvent.change(picker, { target: { value: 'Nordmann' } });
    expect(await screen.findByRole('option', { name: /Henrik Nordmann/, hidden: true })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/users').at(-1)?.search).toContain('gone=include');
  });

  it('reads the changes of every kind of object in words, in English and in German', async () => {
    const change = (field: string, before: unknown, after: unknown) => ({ field, before, after });
    const stateEvent = (action: string, objectType: string, before: string, after: string) =>
      event({ action, objectType, changes: [change('state', before, after)] });
    fakeApi({
      'GET /api/weighting-criteria': () => ({ items: [] }),
      'GET /api/audit-events': () =>
        log([
          event({
            action: 'admin.configured',
            changes: [change('roles', ['portalManager'], ['portalManager']), change('password', null, 'rehashed')],
          }),
          event({ actor: 'system', actorId: null, action: 'admin.created', changes: [] }),
          event({ action: 'user.created', changes: [change('source', null, 'environment')] }),
          // The words the demo seed wrote before it stored a key.
          event({ action: 'user.created', changes: [change('source', null, 'demo data')] }),
          event({ actor: 'anonymous', actorId: null, action: 'login.failed', objectType: 'session', changes: [] }),
          event({
            action: 'user.mailSettings.updated',
            changes: [change('language', 'en', 'de'), change('disabledKinds', [], ['reviewStarted'])],
          }),
          event({
            action: 'changeRequest.created',
            objectType: 'changeRequest',
            changes: [change('fromIntegrationManager', null, true), change('fields', null, { costs: 'free' })],
          }),
          event({
            action: 'changeRequest.decided',
            objectType: 'changeRequest',
            changes: [change('costs', null, 'accept')],
          }),
          stateEvent('changeRequest.handedIn', 'changeRequest', 'draft', 'handed_in'),
          stateEvent('service.transition', 'service', 'service_online', 'service_retired'),
          stateEvent('resourcePackage.submitted', 'resourcePackage', 'draft', 'submitted'),
          stateEvent('vo.send', 'vo', 'application_draft', 'application_received'),
          event({
            action: 'contact.relation.added',
            objectType: 'contact',
            changes: [change('kind', null, 'institution'), change('role', null, 'director')],
          }),
          event({
            action: 'weightingCriterion.updated',
            objectType: 'weightingCriterion',
            changes: [
              change(
                'options',
                [{ key: 'yes', label: { en: 'Yes', de: 'Ja' }, points: 2 }],
                [{ key: 'yes', label: { en: 'Yes', de: 'Ja' }, points: 3 }],
              ),
              change('rescored', null, 4),
            ],
          }),
          stateEvent('mail.discarded', 'mail', 'failed', 'discarded'),
          event({
            action: 'savedView.created',
            objectType: 'savedView',
            changes: [change('list', null, 'integration')],
          }),
          event({
            action: 'resourceType.updated',
            objectType: 'resourceType',
            changes: [change('quotaUnit', null, 'x'.repeat(200))],
          }),
        ]),
    });
    renderApp({ path: '/manage/adminPanel?tab=auditLog', user: PEOPLE.admin });
    const table = await screen.findByRole('table', { name: /^Audit log/ });
    const item = (line: string) => (_: string, node: Element | null) =>
      node?.tagName === 'LI' && node.textContent === line;
    await within(table).findByText(item('Password: (empty) → hashed again with the configured cost'));
    const english = [
      'Roles: Portal manager → Portal manager',
      'Language of mails: English → Deutsch',
      'Mails switched off: (empty) → Review started',
      'From the integration manager: Yes',
      'Requested values: Costs: Free of charge',
      'Costs: Accept',
      'Status: Draft → Handed in',
      'Status: Service Online → Service Retired',
      'Review status: Draft → Submitted',
      'State: Application Draft → Application Received',
      'Kind: Institution',
      'Role: Director',
      'Status: Failed → Discarded',
      'List: Service Integration List',
      'Source: environment variable',
      'Source: demo data',
      'Options and points: Yes: 2 → Yes: 3',
      `Quota unit: ${'x'.repeat(120)}…`,
    ];
    for (const line of english) expect(within(table).getByText(item(line))).toBeInTheDocument();
    // Actors who are no user, in words.
    expect(within(table).getByRole('cell', { name: 'System' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Not logged in' })).toBeInTheDocument();

    await act(() => changeLanguage('de'));
    try {
      expect(await within(table).findByRole('cell', { name: 'Nicht angemeldet' })).toBeInTheDocument();
      const german = [
        'Passwort: (leer) → mit den eingestellten Kosten neu gehasht',
        'Sprache der Mails: English → Deutsch',
        'Beantragte Werte: Kosten: Kostenlos',
        'Status: Entwurf → Eingereicht',
        'Status: Antrag im Entwurf → Antrag eingegangen',
        'Art: Einrichtung',
        'Rolle: Direktor/in',
        'Status: Fehlgeschlagen → Verworfen',
        'Rollen: Portalleitung → Portalleitung',
        'Abbestellte Mails: (leer) → Review gestartet',
        'Vom Service-Integrationsmanagement: Ja',
        'Kosten: Annehmen',
        'Status: Service online → Service außer Betrieb',
        'Liste: Service-Integrationsliste',
        'Quelle: Demodaten',
        'Optionen und Punkte: Ja: 2 → Ja: 3',
      ];
      for (const line of german) expect(await within(table).findByText(item(line))).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('en'));
    }
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
