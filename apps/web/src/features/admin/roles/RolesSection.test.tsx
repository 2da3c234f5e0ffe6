import { screen, within } from '@testing-library/react';
import { ROLES } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fakeApi';
import { PEOPLE, renderApp } from '../../../test/renderApp';

describe('admin panel: roles', () => {
  it('lists every role with its users and links to the user accounts filtered by it', async () => {
    fakeApi({
      'GET /api/role-counts': () => ({
        items: ROLES.map((role) => ({ role, users: role === 'serviceProvider' ? 1234 : 1 })),
      }),
    });
    renderApp({ path: '/manage/adminPanel?tab=roles', user: PEOPLE.admin });
    const table = await screen.findByRole('table', { name: /^Roles and their users/ });
    expect(within(table).getAllByRole('row')).toHaveLength(ROLES.length + 1);
    const provider = within(table).getByRole('row', { name: /Service provider/ });
    expect(within(provider).getByText('1,234')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Show users with the role VO supervisor' })).toHaveAttribute(
      'href',
      '/cd/user-accounts?role=voSupervisor',
    );
  });
});
