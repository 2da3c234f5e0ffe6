import type { Downtime, ServiceDetail, ServiceDowntimes } from '@nubes/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadScreenMessages } from '../../i18n/i18n';
import { apiError, fakeApi, reply, writesOf, type FakeCall } from '../../test/fakeApi';
import { PEOPLE, renderApp } from '../../test/renderApp';
import { serviceDetail } from '../../test/serviceDetail';
import { formatMoment, formatSpan } from './times';

configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  initI18n('en');
  await loadScreenMessages();
});

const ID = 'c0a80101-0000-4000-8000-000000000061';
const SLOW = { timeout: 10_000 };

const online = (overrides: Partial<ServiceDetail> = {}): ServiceDetail =>
  serviceDetail({ id: ID, name: 'HPC Batch Computing', state: 'service_online', actions: [], ...overrides });

const downtime = (overrides: Partial<Downtime> = {}): Downtime => ({
  id: 'd0000000-0000-4000-8000-000000000001',
  serviceId: ID,
  severity: 'outage',
  startsAt: '2027-03-01T08:00:00.000Z',
  endsAt: '2027-03-01T12:00:00.000Z',
  descriptionEn: 'New scheduler',
  descriptionDe: 'Neuer Scheduler',
  state: 'coming',
  announcedBy: { id: 'u1', fullname: 'Alice Example' },
  announcedAt: '2027-02-01T08:00:00.000Z',
  endedEarlyAt: null,
  cancelledAt: null,
  version: 2,
  ...overrides,
});

const serve = (answers: () => ServiceDowntimes, writes: Record<string, (call: FakeCall) => unknown> = {}) =>
  fakeApi({
    [`GET /api/services/${ID}`]: () => online(),
    [`GET /api/services/${ID}/history`]: () => ({ items: [], nextCursor: null }),
    [`GET /api/services/${ID}/change-requests`]: () => ({ canCreate: false, locked: false, items: [] }),
    [`GET /api/services/${ID}/downtimes`]: answers,
    ...writes,
  });

describe('the Downtimes tab of a catalogue service', () => {
  it('lists the downtimes, and the header names the running one and the next', async () => {
    const running = downtime({
      id: 'd0000000-0000-4000-8000-000000000002',
      severity: 'degraded',
      state: 'current',
      startsAt: '2027-02-28T08:00:00.000Z',
      endsAt: '2027-02-28T20:00:00.000Z',
      descriptionEn: '',
      descriptionDe: 'Nur Deutsch',
    });
    serve(() => ({ items: [running, downtime()], canAnnounce: false, subscribed: false }));
    renderApp({ path: `/sc/service/${ID}?tab=downtimes`, user: PEOPLE.nora });
    const table = await screen.findByRole('table', { name: /^Downtimes of HPC Batch Computing/ }, SLOW);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Degraded');
    expect(rows[0]).toHaveTextContent('Now');
    // Only a German description: the English reader sees it rather than nothing.
    expect(rows[0]).toHaveTextContent('Nur Deutsch');
    expect(rows[1]).toHaveTextContent('Outage');
    expect(rows[1]).toHaveTextContent('Coming');
    expect(rows[1]).toHaveTextContent('New scheduler');
    expect(rows[1]).toHaveTextContent(formatMoment('2027-03-01T08:00:00.000Z'));

    const line = document.querySelector('.downtime-line')!;
    expect(line).toHaveTextContent(`Downtime now, until ${formatMoment(running.endsAt)}`);
    expect(line).toHaveTextContent(`Next: Outage ${formatSpan(downtime().startsAt, downtime().endsAt)}`);
    // A reader who may not announce gets no way to.
    expect(screen.queryByRole('button', { name: 'Announce downtime' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Calendar of this service’s downtimes/ })).toHaveAttribute(
      'href',
      '/api/public/services/SVC-00042/downtimes.ics',
    );
  });

  it('announces an outage with the times typed in the person’s time zone, refusing an end before the start', async () => {
    let items: Downtime[] = [];
    const calls = serve(() => ({ items, canAnnounce: true, subscribed: false }), {
      [`POST /api/services/${ID}/downtimes`]: (call) => {
        const body = call.body as Pick<Downtime, 'startsAt' | 'endsAt' | 'severity' | 'descriptionEn'>;
        items = [downtime({ ...body, descriptionDe: '', version: 1 })];
        return reply(201, items[0]);
      },
    });
    renderApp({ path: `/sc/service/${ID}?tab=downtimes`, user: PEOPLE.alice });
    expect(await screen.findByText('No downtime announced yet.', {}, SLOW)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Announce downtime' }));
    const dialog = await screen.findByRole('dialog', { name: 'Announce a downtime of HPC Batch Computing' });
    expect(within(dialog).getByRole('radio', { name: /^Outage/ })).toBeChecked();
    const type = (label: string, day: string, time: string) => {
      const dayInput = within(dialog).getByRole('textbox', { name: `${label}: day` });
      fireEvent.change(dayInput, { target: { value: day } });
      fireEvent.blur(dayInput);
      fireEvent.change(within(dialog).getByLabelText(`${label}: time`), { target: { value: time } });
    };
    type('Start', '1.3.2027', '10:00');
    type('End', '1.3.2027', '09:00');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description (English)' }), {
      target: { value: 'New scheduler' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Announce' }));
    expect(await within(dialog).findByText('The end must be after the start.')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([]);

    type('End', '1.3.2027', '14:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Announce' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]!.body).toEqual({
      severity: 'outage',
      startsAt: new Date('2027-03-01T10:00:00').toISOString(),
      endsAt: new Date('2027-03-01T14:00:00').toISOString(),
      descriptionEn: 'New scheduler',
      descriptionDe: '',
    });
    const table = await screen.findByRole('table', { name: /^Downtimes of HPC Batch Computing/ });
    expect(await within(table).findByText('New scheduler')).toBeInTheDocument();
  });

  it('ends a running outage after saying what it does, with the version it read', async () => {
    const running = downtime({ state: 'current', version: 4 });
    const calls = serve(() => ({ items: [running], canAnnounce: true, subscribed: false }), {
      [`POST /api/downtimes/${running.id}/end`]: () => ({ ...running, state: 'ended', version: 5 }),
    });
    renderApp({ path: `/sc/service/${ID}?tab=downtimes`, user: PEOPLE.alice });
    const span = formatSpan(running.startsAt, running.endsAt);
    // A running downtime is ended or extended, not cancelled.
    expect(await screen.findByRole('button', { name: `Extend the downtime ${span}` }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Cancel the downtime ${span}` })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: `End the downtime ${span} now` }));
    const dialog = await screen.findByRole('dialog', { name: `End the downtime ${span} now?` });
    expect(dialog).toHaveTextContent('goes back to the status it had before the outage');
    fireEvent.click(within(dialog).getByRole('button', { name: 'End now' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]).toMatchObject({ path: `/api/downtimes/${running.id}/end`, body: { version: 4 } });
  });

  it('cancels a coming downtime; a stale version is told and the list read again', async () => {
    const coming = downtime();
    let reads = 0;
    const calls = serve(
      () => {
        reads += 1;
        return { items: [coming], canAnnounce: true, subscribed: false };
      },
      {
        [`POST /api/downtimes/${coming.id}/cancellation`]: () =>
          apiError(409, 'conflict', 'Someone else changed the downtime first.'),
      },
    );
    renderApp({ path: `/sc/service/${ID}?tab=downtimes`, user: PEOPLE.paula });
    const span = formatSpan(coming.startsAt, coming.endsAt);
    fireEvent.click(await screen.findByRole('button', { name: `Cancel the downtime ${span}` }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: `Cancel the downtime ${span}?` });
    expect(dialog).toHaveTextContent('The downtime will not start');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the downtime' }));
    expect(await screen.findByText('Someone else changed the downtime first.')).toBeInTheDocument();
    expect(writesOf(calls)[0]).toMatchObject({ body: { version: 2 } });
    await waitFor(() => expect(reads).toBeGreaterThan(1));
  });

  it('subscribes and unsubscribes any reader', async () => {
    let subscribed = false;
    const calls = serve(() => ({ items: [], canAnnounce: false, subscribed }), {
      [`PUT /api/services/${ID}/downtime-subscription`]: () => {
        subscribed = true;
        return reply(204);
      },
      [`DELETE /api/services/${ID}/downtime-subscription`]: () => {
        subscribed = false;
        return reply(204);
      },
    });
    renderApp({ path: `/sc/service/${ID}?tab=downtimes`, user: PEOPLE.nora });
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe to downtimes' }, SLOW));
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe from downtimes' }));
    expect(await screen.findByRole('button', { name: 'Subscribe to downtimes' })).toBeInTheDocument();
    expect(writesOf(calls).map((call) => call.method)).toEqual(['PUT', 'DELETE']);
  });

  it('is no tab of a service outside the catalogue', async () => {
    fakeApi({
      [`GET /api/services/${ID}`]: () => online({ state: 'service_discontinued' }),
      [`GET /api/services/${ID}/history`]: () => ({ items: [], nextCursor: null }),
      [`GET /api/services/${ID}/change-requests`]: () => ({ canCreate: false, locked: false, items: [] }),
    });
    renderApp({ path: `/sc/service/${ID}`, user: PEOPLE.alice });
    expect(await screen.findByRole('tab', { name: 'History' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Downtimes' })).not.toBeInTheDocument();
  });
});
