import type { PublicDowntime } from '@nubes/domain';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, reply, writesOf } from '../../test/fakeApi';
import { publicService, publicServiceDetail } from '../../test/publicServices';
import { PEOPLE, renderApp } from '../../test/renderApp';
import { formatMomentDay, formatSpan } from './times';

configure({ asyncUtilTimeout: 10_000 });

const ID = 'c0a80101-0000-4000-8000-000000000061';

const publicDowntime = (overrides: Partial<PublicDowntime> = {}): PublicDowntime => ({
  id: 'd0000000-0000-4000-8000-000000000001',
  severity: 'outage',
  startsAt: '2027-03-01T08:00:00.000Z',
  endsAt: '2027-03-01T12:00:00.000Z',
  description: 'New scheduler',
  state: 'coming',
  ...overrides,
});

/** HPC Batch Computing's public page with these downtimes. */
const detail = (downtimes: PublicDowntime[]) =>
  publicServiceDetail({ serviceId: 'SVC-00061', name: 'HPC Batch Computing', downtimes });

describe('downtimes on the public portfolio', () => {
  it('marks a row with a downtime running now or the next one coming, and leaves the others alone', async () => {
    fakeApi({
      'GET /api/public/services': () => ({
        current: [
          publicService(1, { downtime: publicDowntime({ state: 'current' }) }),
          publicService(2, { downtime: publicDowntime({ state: 'current', severity: 'degraded' }) }),
          publicService(3, { downtime: publicDowntime() }),
          publicService(4),
        ],
        past: [],
      }),
    });
    renderApp({ path: '/sc/public-service-portfolio' });
    const table = await screen.findByRole('table', { name: /^Services online now/ });
    const cell = (name: string) => within(table).getByRole('link', { name }).closest('td')!;
    expect(cell('Service 1')).toHaveTextContent('Downtime now');
    expect(cell('Service 2')).toHaveTextContent('Degraded now');
    expect(cell('Service 3')).toHaveTextContent(`Downtime on ${formatMomentDay('2027-03-01T08:00:00.000Z')}`);
    expect(cell('Service 4').querySelector('.public-downtime-badge')).toBeNull();
  });
});

describe('downtimes on a service’s public page', () => {
  it('lists the running and coming ones before the details, with both calendars', async () => {
    fakeApi({
      'GET /api/public/services/SVC-00061': () =>
        detail([
          publicDowntime({
            id: 'd0000000-0000-4000-8000-000000000002',
            state: 'current',
            severity: 'degraded',
            description: 'Slow disks',
          }),
          publicDowntime(),
        ]),
    });
    renderApp({ path: '/sc/public-service-portfolio/SVC-00061' });
    const section = await screen.findByRole('region', { name: 'Downtimes' });
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Degraded');
    expect(items[0]).toHaveTextContent('Now');
    expect(items[0]).toHaveTextContent('Slow disks');
    expect(items[1]).toHaveTextContent('Coming');
    expect(items[1]).toHaveTextContent(formatSpan('2027-03-01T08:00:00.000Z', '2027-03-01T12:00:00.000Z'));
    expect(within(section).getByRole('link', { name: /this service’s downtimes/ })).toHaveAttribute(
      'href',
      '/api/public/services/SVC-00061/downtimes.ics',
    );
    expect(within(section).getByRole('link', { name: 'Calendar of all services’ downtimes' })).toHaveAttribute(
      'href',
      '/api/public/downtimes.ics',
    );
    // Before the details: what is down now is the first thing a visitor needs.
    const details = screen.getByRole('region', { name: 'About the service' });
    expect(section.compareDocumentPosition(details) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Anonymous: nothing to subscribe with.
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets a logged-in reader who sees the service subscribe there', async () => {
    let subscribed = false;
    const calls = fakeApi({
      'GET /api/public/services/SVC-00061': () => detail([]),
      'GET /api/services': () => ({
        items: [{ id: ID, serviceId: 'SVC-00061', name: 'HPC Batch Computing', state: 'service_online' }],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
      [`GET /api/services/${ID}/downtimes`]: () => ({ items: [], canAnnounce: false, subscribed }),
      [`PUT /api/services/${ID}/downtime-subscription`]: () => {
        subscribed = true;
        return reply(204);
      },
    });
    renderApp({ path: '/sc/public-service-portfolio/SVC-00061', user: PEOPLE.alice });
    const section = await screen.findByRole('region', { name: 'Downtimes' });
    expect(section).toHaveTextContent('No downtime is running or announced.');
    fireEvent.click(await within(section).findByRole('button', { name: 'Subscribe to downtimes' }));
    expect(await within(section).findByRole('button', { name: 'Unsubscribe from downtimes' })).toBeInTheDocument();
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(calls.find((call) => call.path === '/api/services')?.search).toContain('q=SVC-00061');
  });
});
