import type { ResourcePackageReviewList } from '@nubes/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, writesOf, type FakeCall } from '../../../test/fakeApi';
import { currentLocation, PEOPLE, renderApp } from '../../../test/renderApp';
import { reviewRow, storagePackage, storageType } from '../../../test/resourcePackages';
import { packageReviewView } from './reviewListView';
import { expectExportLinks } from '../../../test/exportLinks';

const SERVICE_ID = storagePackage().service.id;
const first = reviewRow();
const second = reviewRow({
  id: 'c0a80101-0000-4000-8000-000000000012',
  name: 'Compute M',
  version: 2,
  submittedAt: '2026-11-23T08:00:00.000Z',
});
const approved = reviewRow({
  id: 'c0a80101-0000-4000-8000-000000000013',
  name: 'Archive L',
  state: 'approved',
  actions: [],
});

const list = (items: ResourcePackageReviewList['items'], waiting = 2): ResourcePackageReviewList => ({
  items,
  total: items.length,
  waiting,
  page: 1,
  pageSize: 50,
});

const listCalls = (calls: FakeCall[]) => calls.filter((call) => call.path === '/api/resource-packages/review-list');

const types = { items: [storageType({ packageCount: 3 })] };

describe('Resource Package Review List', () => {
  it('reads its search and filters from the URL, asks waiting first, counts what waits', async () => {
    const calls = fakeApi({
      'GET /api/resource-packages/review-list': () => list([first, second, approved]),
      'GET /api/resource-types': () => types,
    });
    renderApp({ path: '/sc/resourcePackageReviewList?q=storage&type=object-storage', user: PEOPLE.rita });

    const link = await screen.findByRole('link', { name: 'Project storage S' });
    expect(link).toHaveAttribute('href', `/sc/service/${SERVICE_ID}/policy/${first.id}`);
    expect(screen.getByText('2 packages waiting for review')).toBeInTheDocument();
    const search = new URLSearchParams(listCalls(calls)[0]!.search);
    expect(Object.fromEntries(search)).toEqual({
      q: 'storage',
      type: 'object-storage',
      sort: 'waiting',
      order: 'asc',
      page: '1',
      pageSize: '50',
    });
    expect(screen.getByRole('searchbox', { name: /Search/ })).toHaveValue('storage');
    expectExportLinks('/api/resource-packages/review-list', '?q=storage&type=object-storage&sort=waiting&order=asc');
    const row = link.closest('tr')!;
    // The service is named, not linked: most reviewers may not open the service itself.
    expect(within(row).getByText('Cloud Storage')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Cloud Storage' })).toBeNull();
    expect(within(row).getByText('HPCN')).toHaveAttribute('title', 'HPC Centre North');
    expect(within(row).getByText('1,500 GB')).toBeInTheDocument();
    expect(within(row).getByText('Submitted')).toHaveAttribute('data-review', 'submitted');
    expect(within(row).getByText('22.11.2026, 09:15')).toBeInTheDocument();
    expect(within(row).getByText('Alice Example')).toBeInTheDocument();
    const archive = screen.getByRole('link', { name: 'Archive L' }).closest('tr')!;
    expect(within(archive).queryAllByRole('button')).toEqual([]);
  });

  it('writes a changed filter into the URL and starts on page 1', async () => {
    const calls = fakeApi({
      'GET /api/resource-packages/review-list': () => list([first]),
      'GET /api/resource-types': () => types,
    });
    renderApp({ path: '/sc/resourcePackageReviewList?page=2', user: PEOPLE.rita });
    await screen.findByRole('link', { name: 'Project storage S' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Review status' }), { target: { value: 'submitted' } });
    await waitFor(() => expect(currentLocation()).toBe('/sc/resourcePackageReviewList?state=submitted'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.search).toContain('state=submitted'));
    fireEvent.click(screen.getByRole('button', { name: 'Reset search and filters' }));
    await waitFor(() => expect(currentLocation()).toBe('/sc/resourcePackageReviewList'));
  });

  it('approves a row after a confirmation and rejects one only with a comment', async () => {
    const calls = fakeApi({
      'GET /api/resource-packages/review-list': () => list([first, second]),
      'GET /api/resource-types': () => types,
      [`POST /api/services/${SERVICE_ID}/resource-packages/${first.id}/transitions`]: () =>
        storagePackage({ id: first.id, state: 'approved', actions: [] }),
      [`POST /api/services/${SERVICE_ID}/resource-packages/${second.id}/transitions`]: () =>
        storagePackage({ id: second.id, state: 'rejected', actions: [] }),
    });
    renderApp({ path: '/sc/resourcePackageReviewList', user: PEOPLE.rita });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve: Project storage S' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve Project storage S?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]!.body).toEqual({ action: 'approve', version: 5 });
    expect(await screen.findByText('Approved')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Reject: Compute M' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Compute M' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please say why the package is rejected')).toBeInTheDocument();
    expect(writesOf(calls)).toHaveLength(1);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Why is the package rejected/ }), {
      target: { value: 'No budget this year' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(2));
    expect(writesOf(calls)[1]!.body).toEqual({ action: 'reject', version: 2, comment: 'No budget this year' });
    // Both steps read the list again.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThanOrEqual(3));
  });

  it('is not for people without the resource package manager role', async () => {
    const calls = fakeApi({});
    renderApp({ path: '/sc/resourcePackageReviewList', user: PEOPLE.alice });
    expect(await screen.findByText(/no access|permission/i)).toBeInTheDocument();
    expect(listCalls(calls)).toEqual([]);
  });
});

describe('the review list’s view in the URL', () => {
  it('keeps only what differs from the defaults and drops what the server would refuse', () => {
    const view = packageReviewView.parse(
      new URLSearchParams('state=nonsense&sort=waiting&order=asc&pageSize=7&page=0'),
    );
    expect(packageReviewView.serialize(view).toString()).toBe('');
    const sorted = packageReviewView.parse(new URLSearchParams('sort=submittedAt&order=desc&page=3&state=approved'));
    expect(packageReviewView.serialize(sorted).toString()).toBe('state=approved&sort=submittedAt&order=desc&page=3');
  });
});
