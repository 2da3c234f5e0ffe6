import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ResourcePackage } from '@nubes/domain';
import { describe, expect, it, vi } from 'vitest';
import { currentLocation, PEOPLE, renderApp } from '../test/renderApp';
import { openstackType, POLICY, resourcePackage } from '../test/resourcePackages';

vi.mock('../components/json-editor', async () => ({
  JsonEditor: (await import('../test/fakeJsonEditor')).FakeJsonEditor,
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const pkg = resourcePackage();
const PATH = `/sc/service/${pkg.service.id}/policy/${pkg.id}/resource-form`;
const PACKAGE_URL = `/api/services/${pkg.service.id}/resource-packages/${pkg.id}`;

const fakeApi = (current: ResourcePackage | null) => {
  const patches: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/resource-types') return json({ items: [openstackType()] });
      if (url === PACKAGE_URL && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as { policy: string };
        patches.push(body);
        return json({ ...current, policy: JSON.parse(body.policy), version: 5 });
      }
      if (url === PACKAGE_URL && current) return json(current);
      return json({ error: 'not_found', message: 'Not found.' }, 404);
    }),
  );
  return patches;
};

describe('the resource form page', () => {
  it('saves the policy with the package’s other values unchanged and goes back to the policy', async () => {
    const patches = fakeApi(pkg);
    renderApp({ path: PATH, user: PEOPLE.alice });
    expect(await screen.findByRole('heading', { level: 1, name: 'Small projects' })).toBeInTheDocument();
    expect(screen.getByText('OpenStack project')).toBeInTheDocument();
    expect(screen.getByText('Draft')).toBeInTheDocument();
    const name = await screen.findByRole('textbox', { name: /^Flavor name/ });
    fireEvent.change(name, { target: { value: 'm1.medium' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    const body = patches[0] as Record<string, unknown>;
    expect(body).toMatchObject({
      version: 4,
      name: 'Small projects',
      typeId: pkg.type.id,
      quota: 128,
      policyNames: ['small'],
    });
    expect(JSON.parse(body.policy as string)).toEqual({
      ...POLICY,
      flavors: [{ ...POLICY.flavors[0], name: 'm1.medium' }],
    });
    await waitFor(() => expect(currentLocation()).toBe(`/sc/service/${pkg.service.id}/policy/${pkg.id}`));
  });

  it('after a 409 keeps what was typed, takes what only they changed, asks for a place both changed, and saves on their version', async () => {
    let held = pkg;
    const patches: { version: number; policy: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/resource-types') return json({ items: [openstackType()] });
        if (url === PACKAGE_URL && init?.method === 'PATCH') {
          const body = JSON.parse(String(init.body)) as { version: number; policy: string };
          patches.push(body);
          if (body.version !== held.version)
            return json({ error: 'conflict', message: 'The object was changed in the meantime.' }, 409);
          held = { ...held, policy: JSON.parse(body.policy), version: held.version + 1 };
          return json(held);
        }
        if (url === PACKAGE_URL) return json(held);
        return json({ error: 'not_found', message: 'Not found.' }, 404);
      }),
    );
    renderApp({ path: PATH, user: PEOPLE.alice });
    const name = () => screen.getByRole('textbox', { name: /^Flavor name/ });
    await screen.findByRole('textbox', { name: /^Flavor name/ });
    // Someone else renames the flavor and allows more floating IPs while the page is open.
    held = {
      ...held,
      version: 5,
      policy: {
        flavors: [{ ...POLICY.flavors[0], name: 'm1.large' }],
        network: { ...POLICY.network, floating_ips: 3 },
      },
    };
    fireEvent.change(name(), { target: { value: 'm1.medium' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByTestId('save-conflict');
    expect(name()).toHaveValue('m1.medium');
    expect(notice).toHaveTextContent('Network – Floating IPs');
    expect(notice).toHaveTextContent('m1.large');
    const choice = within(notice).getByRole('group', { name: 'Value to keep: Flavors' });
    fireEvent.click(within(choice).getByRole('button', { name: 'Keep mine' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentLocation()).toBe(`/sc/service/${pkg.service.id}/policy/${pkg.id}`));
    expect(patches.map((patch) => patch.version)).toEqual([4, 5]);
    expect(held.policy).toEqual({
      flavors: [{ ...POLICY.flavors[0], name: 'm1.medium' }],
      network: { ...POLICY.network, floating_ips: 3 },
    });
  });

  it('refuses to save text that is not JSON', async () => {
    const patches = fakeApi(pkg);
    renderApp({ path: PATH, user: PEOPLE.alice });
    await screen.findByRole('textbox', { name: /^Flavor name/ });
    fireEvent.click(screen.getByRole('radio', { name: 'JSON' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Policy as JSON' }), { target: { value: '{' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(document.querySelector('.mantine-Notification-title')).toHaveTextContent('Cannot save invalid JSON'),
    );
    expect(patches).toEqual([]);
  });

  it('shows a submitted package read-only and says why', async () => {
    fakeApi(resourcePackage({ state: 'submitted', canEdit: false, actions: ['withdraw'] }));
    renderApp({ path: PATH, user: PEOPLE.alice });
    expect(await screen.findByText(/The package is under review/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Flavor name/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Back to the policy' })).toHaveAttribute(
      'href',
      `/sc/service/${pkg.service.id}/policy/${pkg.id}`,
    );
  });

  it('says a package it cannot find is not there', async () => {
    fakeApi(null);
    renderApp({ path: PATH, user: PEOPLE.alice });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cannot find the Resource Package' }),
    ).toBeInTheDocument();
  });
});
