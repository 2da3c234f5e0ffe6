import type { ResourcePackage } from '@nubes/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, writesOf } from '../../../test/fakeApi';
import { currentLocation, PEOPLE, renderApp } from '../../../test/renderApp';
import { resourcePackage } from '../../../test/resourcePackageReview';
import { serviceDetail } from '../../../test/serviceDetail';

const SERVICE_ID = 'c0a80101-0000-4000-8000-000000000001';
const PACKAGE_ID = 'c0a80101-0000-4000-8000-000000000010';
const ONE = `/api/services/${SERVICE_ID}/resource-packages/${PACKAGE_ID}`;
const PATH = `/sc/service/${SERVICE_ID}/policy/${PACKAGE_ID}`;

const history = {
  items: [
    {
      id: 'h1',
      at: '2026-11-22T08:15:00.000Z',
      actor: 'Alice Example',
      action: 'resourcePackage.submitted',
      changes: [{ field: 'state', before: 'draft', after: 'submitted' }],
    },
  ],
  nextCursor: null,
};

const open = (pkg: ResourcePackage, user = PEOPLE.alice, more: Parameters<typeof fakeApi>[0] = {}) => {
  const calls = fakeApi({ [`GET ${ONE}`]: () => pkg, [`GET ${ONE}/history`]: () => history, ...more });
  renderApp({ path: PATH, user });
  return calls;
};

const stepButtons = () =>
  within(screen.getByRole('group', { name: 'Actions on this resource package' }))
    .queryAllByRole('button')
    .map((button) => button.textContent);

describe('the policy view of a resource package', () => {
  it('shows the package’s fields, its policy read-only, its history, and leads back to the resources tab', async () => {
    const pkg = resourcePackage({
      state: 'rejected',
      submittedAt: '2026-11-22T08:15:00.000Z',
      submittedBy: { id: 'u-alice', username: 'alice', fullname: 'Alice Example', email: 'a@example.org' },
      decidedAt: '2026-11-23T09:00:00.000Z',
      decidedBy: { id: 'u-rita', username: 'rita', fullname: 'Rita Resources', email: 'r@example.org' },
      reviewComment: 'Ten buckets are more than the centre offers.',
      actions: [],
    });
    open(pkg);
    expect(await screen.findByRole('heading', { level: 1, name: 'Project storage S' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the resources of Cloud Storage' })).toHaveAttribute(
      'href',
      `/sc/service/${SERVICE_ID}?tab=resources`,
    );
    const facts = screen.getByRole('region', { name: 'The resource package' });
    for (const text of [
      'HPC Centre North (HPCN)',
      'Object storage',
      '1,500 GB',
      'storage-s',
      'Alice Example, 22.11.2026, 09:15',
      'Rita Resources, 23.11.2026, 10:00',
    ])
      expect(within(facts).getByText(text)).toBeInTheDocument();
    expect(within(facts).getByRole('link', { name: 'Cloud Storage' })).toBeInTheDocument();
    expect(within(facts).getByText('Rejected')).toHaveAttribute('data-review', 'rejected');
    expect(screen.getByRole('alert')).toHaveTextContent('Ten buckets are more than the centre offers.');
    const policy = await screen.findByRole('textbox', { name: 'Policy (JSON, read-only)' });
    expect(policy).toHaveTextContent('"buckets": 10');
    expect(policy).toHaveAttribute('aria-readonly', 'true');
    expect(await screen.findByText('Draft → Submitted')).toBeInTheDocument();
    expect(screen.getByText('Submitted for review')).toBeInTheDocument();
  });

  it('offers exactly the steps the answer gives, and edit and delete only with canEdit', async () => {
    open(resourcePackage({ actions: ['submit'], canEdit: true }));
    await screen.findByRole('heading', { level: 1, name: 'Project storage S' });
    expect(stepButtons()).toEqual(['Submit for review', 'Edit', 'Delete']);
    expect(screen.getByRole('link', { name: 'Edit policy as form' })).toHaveAttribute('href', `${PATH}/resource-form`);
  });

  it('gives the reviewer approve and reject and nothing to edit', async () => {
    open(resourcePackage({ state: 'submitted', actions: ['approve', 'reject'], canEdit: false }), PEOPLE.rita);
    await screen.findByRole('heading', { level: 1, name: 'Project storage S' });
    expect(stepButtons()).toEqual(['Approve', 'Reject']);
    expect(screen.queryByRole('link', { name: 'Edit policy as form' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Resource Package Review List' })).toHaveAttribute(
      'href',
      '/sc/resourcePackageReviewList',
    );
  });

  it('shows no steps at all when the answer offers none', async () => {
    open(resourcePackage({ state: 'approved', actions: [], canEdit: false }), PEOPLE.paula);
    await screen.findByRole('heading', { level: 1, name: 'Project storage S' });
    expect(screen.queryByRole('group', { name: 'Actions on this resource package' })).toBeNull();
  });

  it('refuses a rejection without a comment, then sends the comment with the version read', async () => {
    const pkg = resourcePackage({ state: 'submitted', actions: ['approve', 'reject'], canEdit: false });
    const calls = open(pkg, PEOPLE.rita, {
      [`POST ${ONE}/transitions`]: () => ({ ...pkg, state: 'rejected', actions: [], reviewComment: 'Too big' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Project storage S' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please say why the package is rejected')).toBeInTheDocument();
    const comment = within(dialog).getByRole('textbox', { name: /Why is the package rejected/ });
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(writesOf(calls)).toEqual([]);

    fireEvent.change(comment, { target: { value: ' Too big ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]).toMatchObject({
      path: `${ONE}/transitions`,
      body: { action: 'reject', version: 4, comment: 'Too big' },
    });
    expect(await screen.findByText('Status changed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks before approving and shows the server’s conflict message', async () => {
    const pkg = resourcePackage({ state: 'submitted', actions: ['approve', 'reject'], canEdit: false });
    const calls = open(pkg, PEOPLE.rita, {
      [`POST ${ONE}/transitions`]: () =>
        apiError(409, 'conflict', 'This step is not possible in the package’s current status.'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Project storage S?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('This step is not possible in the package’s current status.')).toBeInTheDocument();
    expect(writesOf(calls)[0]).toMatchObject({ body: { action: 'approve', version: 4 } });
    expect(writesOf(calls)[0]?.body).not.toHaveProperty('comment');
  });

  it('deletes after a confirmation with the version read, then goes back to the service', async () => {
    const calls = open(resourcePackage(), PEOPLE.alice, {
      [`DELETE ${ONE}`]: () => null,
      // The service the view goes back to, as the server answers it.
      [`GET /api/services/${SERVICE_ID}`]: () =>
        serviceDetail({ id: SERVICE_ID, name: 'Cloud Storage', state: 'service_online' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Project storage S?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Resource package deleted')).toBeInTheDocument();
    expect(writesOf(calls)).toEqual([{ method: 'DELETE', path: ONE, search: '?version=4', body: undefined }]);
    await waitFor(() => expect(currentLocation()).toBe(`/sc/service/${SERVICE_ID}?tab=resources`));
  });

  it('says it cannot find a package the server does not show', async () => {
    fakeApi({});
    renderApp({ path: PATH, user: PEOPLE.nora });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cannot find Resource Package' })).toBeInTheDocument();
  });
});
