import type { ServiceDetail, ServiceState } from '@nubes/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, loadScreenMessages } from '../../../i18n/i18n';
import { serviceDetail } from '../../../test/serviceDetail';
import { PEOPLE, renderApp } from '../../../test/renderApp';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ServiceStateBadge } from '../../../components/ServiceStateBadge';
import { MemoryRouter } from '../../../routing';
import { phoneScreen } from '../../../test/matchMedia';
import { ServiceLink } from '../../../components/ServiceLink';
import { ServiceStepper } from './ServiceStepper';

beforeAll(async () => {
  initI18n('en');
  await loadScreenMessages();
});

const ID = 'c0a80101-0000-4000-8000-000000000011';

// The service screens' chunk is transformed on first use, which takes a while on a busy machine.
const SLOW = { timeout: 10_000 };

const detail = (overrides: Partial<ServiceDetail> = {}): ServiceDetail =>
  serviceDetail({ id: ID, name: 'Object Storage', ...overrides });

/** The service and its lists' GETs; everything else 404. */
const fakeApi = (service: ServiceDetail) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const found = url.pathname === `/api/services/${ID}`;
      const list = url.pathname === '/api/services' || url.pathname.endsWith('/history');
      return new Response(
        JSON.stringify(
          found
            ? service
            : list
              ? { items: [], total: 0, page: 1, pageSize: 50, nextCursor: null }
              : { error: 'not_found' },
        ),
        { status: found || list ? 200 : 404, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
};

describe('the state badge', () => {
  const toneOf = (state: ServiceState) => {
    const { unmount } = renderWithProviders(<ServiceStateBadge state={state} />);
    const tone = document.querySelector('.state-badge')!.getAttribute('data-tone');
    unmount();
    return tone;
  };

  it('colours a state by what it means: online green, not available amber, full red, the way there apart', () => {
    expect(toneOf('service_online')).toBe('online');
    expect(toneOf('service_not_available')).toBe('notAvailable');
    expect(toneOf('service_full_capacity_reached')).toBe('fullCapacity');
    expect(toneOf('integration_in_progress')).toBe('pipeline');
    expect(toneOf('application_received')).toBe('application');
    expect(toneOf('service_discontinued')).toBe('offboarding');
    expect(toneOf('service_retired')).toBe('ended');
    expect(toneOf('service_offer_withdrawn')).toBe('ended');
  });
});

describe('the stepper', () => {
  it('marks the step the service is at and names its state', () => {
    renderWithProviders(<ServiceStepper state="service_card_review" />);
    const steps = within(screen.getByRole('list', { name: 'Progress from application to online' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => step.getAttribute('data-status'))).toEqual([
      'done',
      'done',
      'done',
      'current',
      'upcoming',
    ]);
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
    expect(steps[3]).toHaveTextContent('IntegrationService Card Review');
    expect(steps[0]).toHaveTextContent('Application(done)');
    expect(steps[4]).toHaveTextContent('Online(not reached yet)');
  });

  it('shows a withdrawn offer as where the service left the way', () => {
    renderWithProviders(<ServiceStepper state="service_offer_withdrawn" />);
    const current = screen.getAllByRole('listitem').find((step) => step.getAttribute('aria-current') === 'step');
    expect(current).toHaveAttribute('data-status', 'left');
    expect(current).toHaveTextContent('Service Offer Withdrawn');
  });
});

describe('the service header', () => {
  it('offers exactly the next steps the server allows this user, as buttons in the header', async () => {
    fakeApi(detail({ state: 'service_online', actions: ['notAvailable', 'discontinue'] }));
    renderApp({ path: `/sc/service/${ID}?tab=history`, user: PEOPLE.paula });
    const steps = await screen.findByRole('group', { name: 'Next steps' }, SLOW);
    expect(
      within(steps)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Not available', 'Discontinue']);
    fireEvent.click(within(steps).getByRole('button', { name: 'Discontinue' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Do you really want to discontinue the service?');
  });

  /** A phone's steps in the header: the buttons' names, or the labels of those that show only dots. */
  const phoneSteps = async (state: ServiceState, actions: ServiceDetail['actions']) => {
    fakeApi(detail({ state, actions }));
    renderApp({ path: `/sc/service/${ID}?tab=history`, user: PEOPLE.paula });
    const steps = await screen.findByRole('group', { name: 'Next steps' }, SLOW);
    const names = within(steps)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    return { steps, names };
  };

  /** The open menu's entries; jsdom has no layout, so Mantine keeps the dropdown display:none. */
  const menuEntries = async () => {
    const menu = await screen.findByRole('menu', { hidden: true });
    const entries = within(menu)
      .getAllByRole('menuitem', { hidden: true })
      .map((item) => item.textContent);
    return { menu, entries };
  };

  it('on a phone shows the main step as a button and folds the others into one menu', async () => {
    const original = window.matchMedia;
    window.matchMedia = phoneScreen();
    try {
      const { steps, names } = await phoneSteps('service_not_available', [
        'online',
        'fullCapacityReached',
        'discontinue',
      ]);
      // The main step by its name, the menu beside it by its label (its face is three dots).
      expect(names).toEqual(['Online', 'More steps']);
      fireEvent.click(within(steps).getByRole('button', { name: 'More steps' }));
      const { menu, entries } = await menuEntries();
      expect(entries).toEqual(['Full capacity reached', 'Discontinue']);
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Discontinue', hidden: true }));
      expect(await screen.findByRole('dialog')).toHaveTextContent('Do you really want to discontinue the service?');
    } finally {
      window.matchMedia = original;
    }
  });

  it('on a phone folds a live service’s steps, all secondary, into one Next steps menu whose pauses ask first', async () => {
    const original = window.matchMedia;
    window.matchMedia = phoneScreen();
    try {
      const { steps, names } = await phoneSteps('service_online', [
        'notAvailable',
        'fullCapacityReached',
        'discontinue',
      ]);
      // No step that takes it off the public list is a main one (docs/adr/0084), so none is a button.
      expect(names).toEqual(['Next steps']);
      fireEvent.click(within(steps).getByRole('button', { name: 'Next steps' }));
      const { menu, entries } = await menuEntries();
      expect(entries).toEqual(['Not available', 'Full capacity reached', 'Discontinue']);
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Not available', hidden: true }));
      expect(await screen.findByRole('dialog', { name: 'Not available' })).toHaveTextContent(
        'The public portfolio shows the service as “Service not available” to everyone',
      );
    } finally {
      window.matchMedia = original;
    }
  });

  it('offers no steps when the user may take none', async () => {
    fakeApi(detail({ state: 'service_online', actions: [] }));
    renderApp({ path: `/sc/service/${ID}`, user: PEOPLE.alice });
    expect(await screen.findByRole('heading', { level: 1, name: 'Object Storage' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Next steps' })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Progress from application to online' })).toBeInTheDocument();
  });

  it('leads back to the list it came from with its filters', async () => {
    const list = '/sc/service-portfolio?tab=pipeline&state=integration_planned&q=storage&page=2';
    fakeApi(detail());
    renderApp({ path: `/sc/service/${ID}?from=${encodeURIComponent(list)}&tab=status`, user: PEOPLE.paula });
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' }, SLOW);
    expect(within(trail).getByRole('link', { name: 'Service Portfolio' })).toHaveAttribute('href', list);
    expect(within(trail).getByText('Object Storage')).toHaveAttribute('aria-current', 'page');
  });

  it('falls back to the list the user has when it came from nowhere known', async () => {
    fakeApi(detail());
    renderApp({ path: `/sc/service/${ID}?from=${encodeURIComponent('https://evil.example/')}`, user: PEOPLE.alice });
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' }, SLOW);
    expect(within(trail).getByRole('link', { name: 'Service Portfolio' })).toHaveAttribute(
      'href',
      '/sc/service-portfolio',
    );
  });

  it('passes the list with its filters when a row is followed', () => {
    renderWithProviders(
      <MemoryRouter initialEntries={['/sc/my-services?q=obj&sort=name']}>
        <ServiceLink id={ID}>Object Storage</ServiceLink>
      </MemoryRouter>,
    );
    const href = screen.getByRole('link', { name: 'Object Storage' }).getAttribute('href')!;
    expect(new URL(href, 'http://x').searchParams.get('from')).toBe('/sc/my-services?q=obj&sort=name');
  });
});
