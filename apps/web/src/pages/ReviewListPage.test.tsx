import type { ReviewListItem, ReviewListResponse, ServiceReview } from '@nubes/domain';
import { serviceDetail } from '../test/serviceDetail';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { PEOPLE, renderApp } from '../test/renderApp';

const ID = 'c0a80101-0000-4000-8000-000000000009';

const review = (status: ServiceReview['review']['status'], version = 1): ServiceReview['review'] => ({
  status,
  version,
  startedAt: status === 'inactive' ? null : '2026-11-20T09:00:00.000Z',
  startedBy: null,
  answeredAt: null,
  answeredBy: null,
  lastOutcome: null,
  endedAt: null,
});

/** A review as a row of the list carries it. */
const listReview = (status: ReviewListItem['review']['status'], version = 1): ReviewListItem['review'] => ({
  status,
  version,
  startedAt: status === 'inactive' ? null : '2026-11-20T09:00:00.000Z',
  answeredBy: null,
});

const page = (items: ReviewListResponse['items'], eligible = { start: 2, stop: 0, end: 0 }): ReviewListResponse => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 50,
  eligible,
});

describe('Service Review List', () => {
  it('starts the reviews of the whole view after a confirmation that names the count', async () => {
    const calls = fakeApi({
      'GET /api/reviews': () =>
        page([
          {
            id: ID,
            serviceId: 'SVC-00009',
            name: 'Object Storage',
            state: 'service_online',
            providerInstitution: null,
            review: listReview('inactive', 0),
            actions: ['start'],
            nextReviewOn: null,
          },
        ]),
      'POST /api/reviews/bulk': () => ({ count: 2 }),
    });
    renderApp({ path: '/sc/review-list?tab=catalogue', user: PEOPLE.paula });
    expect(await screen.findByRole('link', { name: 'Object Storage' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Catalogue', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(
      /^\/api\/reviews\/export\.csv\?tab=catalogue&sort=name&order=asc$/,
    );
    expect(screen.getByRole('link', { name: 'Export JSON' }).getAttribute('href')).toMatch(
      /^\/api\/reviews\/export\.json\?tab=catalogue/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start review for all listed (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start reviews?' });
    expect(dialog).toHaveTextContent('A review starts for 2 services.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, continue' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/reviews/bulk',
      body: { action: 'start', filters: { tab: 'catalogue' }, count: 2 },
    });
    expect(calls.find((call) => call.path === '/api/reviews')?.search).toContain('tab=catalogue');
  });

  it('stops the running reviews of the whole view after a confirmation that names the count', async () => {
    const calls = fakeApi({
      'GET /api/reviews': () =>
        page(
          [
            {
              id: ID,
              serviceId: 'SVC-00009',
              name: 'Object Storage',
              state: 'service_online',
              providerInstitution: null,
              review: listReview('running', 1),
              actions: ['stop', 'end'],
              nextReviewOn: null,
            },
          ],
          { start: 0, stop: 3, end: 4 },
        ),
      'POST /api/reviews/bulk': () => ({ count: 3 }),
    });
    renderApp({ path: '/sc/review-list?status=running', user: PEOPLE.paula });
    expect(await screen.findByRole('link', { name: 'Object Storage' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start review for all listed (0)' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Stop review for all listed (3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop reviews?' });
    expect(dialog).toHaveTextContent('The running reviews of 3 services are taken back, as if they had never started');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, continue' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/reviews/bulk',
      body: { action: 'stop', filters: { status: 'running' }, count: 3 },
    });
    expect(await screen.findByText('Review stopped')).toBeInTheDocument();
  });

  it('offers the bulk actions of another tab only once that tab has its own count', async () => {
    let releaseCatalogue = () => undefined as void;
    const catalogueAnswered = new Promise<void>((resolve) => {
      releaseCatalogue = resolve;
    });
    const row = {
      id: ID,
      serviceId: 'SVC-00009',
      name: 'Object Storage',
      state: 'service_online' as const,
      providerInstitution: null,
      review: listReview('inactive', 0),
      actions: ['start' as const],
      nextReviewOn: null,
    };
    fakeApi({
      'GET /api/reviews': async (call) => {
        if (!call.search.includes('tab=catalogue')) return page([row], { start: 5, stop: 0, end: 0 });
        await catalogueAnswered;
        return page([row], { start: 2, stop: 0, end: 0 });
      },
    });
    renderApp({ path: '/sc/review-list', user: PEOPLE.paula });
    expect(await screen.findByRole('button', { name: 'Start review for all listed (5)' })).toBeEnabled();
    fireEvent.click(screen.getByRole('tab', { name: 'Catalogue' }));
    // The All tab's rows and count stay on screen meanwhile; its count is not the catalogue's.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Catalogue', selected: true })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Start review for all listed (5)' })).toBeDisabled();
    releaseCatalogue();
    expect(await screen.findByRole('button', { name: 'Start review for all listed (2)' })).toBeEnabled();
  });

  it('tells someone without the portfolio role that the list is not for them', async () => {
    const calls = fakeApi({});
    renderApp({ path: '/sc/review-list', user: PEOPLE.alice });
    expect(await screen.findByText(/no access|permission/i)).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/reviews'))).toEqual([]);
  });
});

describe('the review banner on a service', () => {
  it('asks the provider side and sends its confirmation with the review version', async () => {
    let current: ServiceReview = {
      serviceId: ID,
      review: review('running', 3),
      reviewable: true,
      actions: ['confirm'],
      nextReview: { date: null, setByManager: false, version: 0 },
    };
    const calls = fakeApi({
      [`GET /api/services/${ID}`]: () => serviceDetail({ id: ID, name: 'Object Storage', state: 'service_online' }),
      [`GET /api/services/${ID}/review`]: () => current,
      [`POST /api/services/${ID}/review/confirm`]: () => {
        current = {
          serviceId: ID,
          review: { ...review('finishedOK', 4), answeredAt: '2026-11-24T09:00:00.000Z' },
          reviewable: true,
          actions: [],
          nextReview: { date: null, setByManager: false, version: 0 },
        };
        return current;
      },
    });
    renderApp({ path: `/sc/service/${ID}`, user: PEOPLE.alice });
    const banner = await screen.findByRole('region', { name: 'Review of this service' });
    expect(within(banner).getByRole('link', { name: 'Make a change request' })).toHaveAttribute(
      'href',
      `/sc/service-online-form/${ID}`,
    );
    fireEvent.click(within(banner).getByRole('button', { name: 'Confirm no changes' }));
    await waitFor(() => expect(within(banner).queryByRole('button', { name: 'Confirm no changes' })).toBeNull());
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ body: { version: 3 } });
    expect(banner).toHaveTextContent('No changes');
  });

  it('tells the portfolio manager who answered, and ends the review after asking', async () => {
    const calls = fakeApi({
      [`GET /api/services/${ID}`]: () => serviceDetail({ id: ID, name: 'Object Storage', state: 'service_online' }),
      [`GET /api/services/${ID}/review`]: () => ({
        serviceId: ID,
        review: {
          ...review('finishedOK', 4),
          answeredAt: '2026-11-24T09:00:00.000Z',
          answeredBy: { id: 'alice-id', fullname: 'Alice Adler' },
        },
        reviewable: true,
        actions: ['stop', 'end'],
        nextReview: { date: null, setByManager: false, version: 0 },
      }),
      [`POST /api/services/${ID}/review/end`]: () => ({
        serviceId: ID,
        review: { ...review('inactive', 5), lastOutcome: 'finishedOK' },
        reviewable: true,
        actions: ['start'],
        nextReview: { date: null, setByManager: false, version: 0 },
      }),
    });
    renderApp({ path: `/sc/service/${ID}`, user: PEOPLE.paula });
    const banner = await screen.findByRole('region', { name: 'Review of this service' });
    expect(banner).toHaveTextContent('Alice Adler confirmed on 24.11.2026 that nothing needs to change.');
    expect(banner).toHaveTextContent('Next step: end the review');
    expect(within(banner).queryByRole('link', { name: 'Make a change request' })).toBeNull();
    fireEvent.click(within(banner).getByRole('button', { name: 'End review' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the review of Object Storage?' });
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End review' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        path: `/api/services/${ID}/review/end`,
        body: { version: 4 },
      }),
    );
  });

  it('offers a draft’s provider side an edit of the information, not a change request', async () => {
    fakeApi({
      [`GET /api/services/${ID}`]: () =>
        serviceDetail({ id: ID, name: 'Object Storage', state: 'service_information_draft' }),
      [`GET /api/services/${ID}/review`]: () => ({
        serviceId: ID,
        review: review('running', 2),
        reviewable: true,
        actions: ['confirm'],
        nextReview: { date: null, setByManager: false, version: 0 },
      }),
    });
    renderApp({ path: `/sc/service/${ID}`, user: PEOPLE.alice });
    const banner = await screen.findByRole('region', { name: 'Review of this service' });
    expect(within(banner).queryByRole('link', { name: 'Make a change request' })).toBeNull();
    expect(within(banner).getByRole('link', { name: 'Edit the service information' })).toHaveAttribute(
      'href',
      `/sc/service/${ID}?tab=information`,
    );
  });
});
