import { ROUTES } from '@nubes/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fakeApi';
import { currentLocation, fakeAuthApi, PEOPLE, renderApp, statusFor } from '../test/renderApp';

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('routes and guards', () => {
  it('sends a logged-out visitor of a protected route to the login page with the full path and query', async () => {
    renderApp({ path: '/sc/service/42?tab=ownership&x=a%20b' });
    await h1('Log in');
    expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent('/sc/service/42?tab=ownership&x=a%20b')}`);
    expect(document.title).toBe('Log in');
  });

  it.each(ROUTES.filter((route) => route.permission !== 'public').map((route) => [route.path]))(
    'guards %s',
    async (path) => {
      const concrete = path.replace(/:(\w+)/g, 'p1');
      renderApp({ path: concrete });
      await h1('Log in');
      expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent(concrete)}`);
    },
  );

  it('shows public routes without login, titled by the route', async () => {
    renderApp({ path: '/sc/public-service-portfolio' });
    await h1('Public Service Portfolio');
    expect(currentLocation()).toBe('/sc/public-service-portfolio');
    await waitFor(() => expect(document.title).toBe('Public Service Portfolio'));
  });

  it('titles the home page with the product name', async () => {
    renderApp({ path: '/' });
    await h1('Welcome to Nubes');
    await waitFor(() => expect(document.title).toBe('Nubes'));
  });

  it('shows "Page not found" for any other path', async () => {
    renderApp({ path: '/no/such/page' });
    await h1('Page not found');
    expect(document.title).toBe('Page not found');
  });

  it('shows a protected screen to a logged-in user, with its title', async () => {
    // Any logged-in user may open a VO's screen; the VO itself answers 404 to those who may not read it.
    fakeApi({});
    renderApp({ path: '/vo/virtual-organisation/7', user: PEOPLE.alice });
    await h1('Cannot find VO');
    expect(document.title).toBe('VO View');
  });

  it('checks the route permission: nora may not open My Services or the application form', async () => {
    const first = renderApp({ path: '/sc/my-services', user: PEOPLE.nora });
    await h1('No access');
    first.unmount();
    renderApp({ path: '/sc/service-application', user: PEOPLE.nora });
    await h1('No access');
  });

  it('tells a user without the route permission that there is no access', async () => {
    renderApp({ path: '/manage/adminPanel', user: PEOPLE.alice });
    await h1('No access');
    expect(document.title).toBe('Admin Panel');
  });

  it('lets the portalManager into every role-restricted screen', async () => {
    renderApp({ path: '/manage/adminPanel', user: PEOPLE.admin });
    await h1('Admin Panel');
  });

  it('lets paula into the review list but not the contact database', async () => {
    const first = renderApp({ path: '/sc/review-list', user: PEOPLE.paula });
    await h1('Service Review List');
    first.unmount();
    renderApp({ path: '/cd/contact-database', user: PEOPLE.paula });
    await h1('No access');
  });

  it('logs out a session aged 250 minutes and sends the protected route to login', async () => {
    renderApp({ path: '/sc/my-services', user: PEOPLE.alice, ageMinutes: 250 });
    await h1('Log in');
    expect(currentLocation()).toBe('/login?redirect=%2Fsc%2Fmy-services');
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('renews a session aged 200 minutes in the background and stays on the page', async () => {
    const now = Date.now();
    const api = fakeAuthApi({
      renewSession: vi.fn(() => Promise.resolve()),
      fetchStatus: vi.fn(() => Promise.resolve(statusFor(PEOPLE.alice!, now))),
    });
    renderApp({ path: '/sc/my-services', user: PEOPLE.alice, ageMinutes: 200, now, api });
    await h1('My Services');
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem('user')!).sessionCreated).toBe(now));
    expect(api.renewSession).toHaveBeenCalledTimes(1);
  });

  it('shows the welcome bar with the full name when logged in', async () => {
    renderApp({ path: '/', user: PEOPLE.alice });
    expect(await screen.findByText('Welcome, Alice Example')).toBeInTheDocument();
  });
});
