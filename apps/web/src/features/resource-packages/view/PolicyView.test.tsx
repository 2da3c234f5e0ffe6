import type { ResourcePackage } from '@nubes/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n';
import { apiError, fakeApi, writesOf } from '../../../test/fakeApi';
import { currentLocation, PEOPLE, renderApp } from '../../../test/renderApp';
import { storagePackage, storageType } from '../../../test/resourcePackages';
import { serviceDetail } from '../../../test/serviceDetail';
import { adminAuthApi, logInAgain, sessionEnded } from '../../../test/sessionEnd';

const SERVICE_ID = storagePackage().service.id;
const PACKAGE_ID = storagePackage().id;
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
    const pkg = storagePackage({
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
    // Without the type's schema (its answer failed) the policy's keys stand in for its titles.
    const policy = screen.getByRole('region', { name: 'Policy' });
    expect(within(policy).getByText('buckets')).toBeInTheDocument();
    expect(within(policy).getByText('versioning')).toBeInTheDocument();
    fireEvent.click(within(policy).getByRole('button', { name: 'Show as JSON' }));
    const json = await within(policy).findByRole('textbox', { name: 'Policy (JSON, read-only)' });
    expect(json).toHaveTextContent('"buckets": 10');
    expect(json).toHaveAttribute('aria-readonly', 'true');
    expect(await screen.findByText('Draft → Submitted')).toBeInTheDocument();
    expect(screen.getByText('Submitted for review')).toBeInTheDocument();
  });

  it('offers exactly the steps the answer gives, and edit and delete only with canEdit', async () => {
    open(storagePackage({ actions: ['submit'], canEdit: true }));
    await screen.findByRole('heading', { level: 1, name: 'Project storage S' });
    expect(stepButtons()).toEqual(['Submit for review', 'Edit', 'Delete']);
    expect(screen.getByRole('link', { name: 'Edit policy as form' })).toHaveAttribute('href', `${PATH}/resource-form`);
  });

  it('gives the reviewer approve and reject and nothing to edit', async () => {
    open(storagePackage({ state: 'submitted', actions: ['approve', 'reject'], canEdit: false }), PEOPLE.rita);
    await screen.findByRole('heading', { level: 1, name: 'Project storage S' });
    expect(stepButtons()).toEqual(['Approve', 'Reject']);
    expect(screen.queryByRole('link', { name: 'Edit policy as form' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Resource Package Review List' })).toHaveAttribute(
      'href',
      '/sc/resourcePackageReviewList',
    );
  });

  it('shows no steps at all when the answer offers none', async () => {
    open(storagePackage({ state: 'approved', actions: [], canEdit: false }), PEOPLE.paula);
    await screen.findByRole('heading', { level: 1, name: 'Project storage S' });
    expect(screen.queryByRole('group', { name: 'Actions on this resource package' })).toBeNull();
  });

  it('refuses a rejection without a comment, then sends the comment with the version read', async () => {
    const pkg = storagePackage({ state: 'submitted', actions: ['approve', 'reject'], canEdit: false });
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
    const pkg = storagePackage({ state: 'submitted', actions: ['approve', 'reject'], canEdit: false });
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
    const calls = open(storagePackage(), PEOPLE.alice, {
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

  it('keeps what was typed in the package form through a session the server ended, and after the login again', async () => {
    fakeApi({
      [`GET ${ONE}`]: () => storagePackage(),
      [`GET ${ONE}/history`]: () => history,
      [`PATCH ${ONE}`]: sessionEnded,
    });
    renderApp({ path: PATH, user: PEOPLE.admin, api: adminAuthApi() });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Resource Package' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Resource Package name/ }), {
      target: { value: 'Project storage M' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await logInAgain(PATH);
    const again = await screen.findByRole('dialog', { name: 'Edit Resource Package' });
    expect(within(again).getByRole('textbox', { name: /Resource Package name/ })).toHaveValue('Project storage M');
    expect(within(again).getByText('Your unsaved changes from before are back in the form.')).toBeInTheDocument();
  });

  it('reads the policy and its changes in the schema’s titles and units, in German where the schema has them', async () => {
    const pkg = storagePackage({ policy: { buckets: 10, versioning: true, lifecycle: { expire_days: 30 } } });
    const changes = {
      items: [
        {
          id: 'h2',
          at: '2026-11-23T08:15:00.000Z',
          actor: 'Alice Example',
          action: 'resourcePackage.updated',
          changes: [
            {
              field: 'policy',
              before: { buckets: 5, versioning: true, lifecycle: { expire_days: 30 } },
              after: pkg.policy,
            },
            { field: 'quota', before: 1000, after: 1500 },
          ],
        },
      ],
      nextCursor: null,
    };
    fakeApi({
      [`GET ${ONE}`]: () => pkg,
      [`GET ${ONE}/history`]: () => changes,
      'GET /api/resource-types': () => ({ items: [storageTypeWithWords] }),
    });
    renderApp({ path: PATH, user: PEOPLE.alice });
    await act(() => changeLanguage('de'));
    try {
      const policy = await screen.findByRole('region', { name: 'Policy' });
      expect(await within(policy).findByText('Anzahl der Buckets')).toBeInTheDocument();
      expect(within(policy).getByText('Versionierung')).toBeInTheDocument();
      expect(within(policy).getByText('Ja')).toBeInTheDocument();
      expect(within(policy).getByText('Lifecycle-Regeln')).toBeInTheDocument();
      expect(within(policy).getByText('Objekte löschen nach')).toBeInTheDocument();
      expect(within(policy).getByText('30 Tagen')).toBeInTheDocument();
      expect(within(policy).queryByText('buckets')).not.toBeInTheDocument();
      const history = screen.getByRole('region', { name: 'Verlauf' });
      expect(await within(history).findByText('Policy › Anzahl der Buckets:')).toBeInTheDocument();
      expect(within(history).getByText(/^\s*5 → 10$/)).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});

/** The package's type with the words of its fields: German titles, a unit, one field with its title only. */
const storageTypeWithWords = storageType({
  id: storagePackage().type.id,
  schema: {
    type: 'object',
    properties: {
      buckets: { title: 'Buckets', 'x-translations': { de: { title: 'Anzahl der Buckets' } }, type: 'integer' },
      versioning: { title: 'Versioning', 'x-translations': { de: { title: 'Versionierung' } }, type: 'boolean' },
      lifecycle: {
        title: 'Lifecycle rules',
        'x-translations': { de: { title: 'Lifecycle-Regeln' } },
        type: 'object',
        properties: {
          expire_days: {
            title: 'Delete objects after',
            'x-unit': 'days',
            'x-translations': { de: { title: 'Objekte löschen nach', unit: 'Tagen' } },
            type: 'integer',
          },
        },
      },
    },
  },
  version: 1,
  packageCount: 1,
});
