import type { ServiceReview, ServiceState } from '@nubes/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadScreenMessages } from '../../i18n/i18n';
import { MemoryRouter } from '../../routing';
import { fakeApi, writesOf } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ReviewBanner } from './ReviewBanner';

beforeAll(async () => {
  initI18n('en');
  await loadScreenMessages();
});

const ID = 'c0a80101-0000-4000-8000-000000000031';
const ALICE = { id: 'c0a80101-0000-4000-8000-0000000000a1', fullname: 'Alice Adler' };
const PAULA = { id: 'c0a80101-0000-4000-8000-0000000000b1', fullname: 'Paula Peters' };

const review = (over: Partial<ServiceReview['review']>, actions: ServiceReview['actions']): ServiceReview => ({
  serviceId: ID,
  reviewable: true,
  actions,
  review: {
    status: 'running',
    version: 3,
    startedAt: '2026-11-02T09:00:00.000Z',
    startedBy: PAULA,
    answeredAt: null,
    answeredBy: null,
    lastOutcome: null,
    endedAt: null,
    ...over,
  },
  nextReview: { date: null, setByManager: false, version: 0 },
});

const show = (answer: ServiceReview, state: ServiceState) => {
  const calls = fakeApi({
    [`GET /api/services/${ID}/review`]: () => answer,
    [`POST /api/services/${ID}/review/end`]: () => ({ ...answer, review: { ...answer.review, status: 'inactive' } }),
  });
  renderWithProviders(
    <MemoryRouter initialEntries={[`/sc/service/${ID}`]}>
      <ReviewBanner serviceId={ID} serviceName="Object Storage" state={state} />
    </MemoryRouter>,
  );
  return calls;
};

describe('the review banner', () => {
  it('tells the portfolio manager who confirmed, not "you", and offers the next step, End review, after asking', async () => {
    const calls = show(
      review({ status: 'finishedOK', answeredAt: '2026-11-05T10:00:00.000Z', answeredBy: ALICE }, ['end', 'stop']),
      'service_online',
    );
    const banner = await screen.findByRole('region', { name: 'Review of this service' });
    expect(banner).toHaveTextContent('Alice Adler confirmed on 5.11.2026 that nothing needs to change.');
    expect(banner).not.toHaveTextContent(/\byou\b/i);
    expect(banner).toHaveTextContent('Next step: end the review');
    expect(within(banner).queryByRole('button', { name: 'Confirm no changes' })).toBeNull();
    expect(within(banner).queryByRole('link', { name: 'Make a change request' })).toBeNull();

    fireEvent.click(within(banner).getByRole('button', { name: 'End review' }));
    const dialog = await screen.findByRole('dialog');
    expect(writesOf(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End review' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]).toMatchObject({ path: `/api/services/${ID}/review/end`, body: { version: 3 } });
  });

  it('asks the provider side for a change request once the service is in the catalogue', async () => {
    show(review({}, ['confirm']), 'service_online');
    const banner = await screen.findByRole('region', { name: 'Review of this service' });
    expect(within(banner).getByRole('link', { name: 'Make a change request' })).toHaveAttribute(
      'href',
      `/sc/service-online-form/${ID}`,
    );
  });

  it('offers no change request in a draft state, only the information to correct', async () => {
    show(review({}, ['confirm']), 'service_information_draft');
    const banner = await screen.findByRole('region', { name: 'Review of this service' });
    expect(banner).toHaveTextContent('or correct the service information');
    expect(banner).not.toHaveTextContent(/change request/i);
    expect(within(banner).getByRole('link', { name: 'Edit the service information' })).toHaveAttribute(
      'href',
      `/sc/service/${ID}?tab=information`,
    );
  });
});
