import { MantineProvider } from '@mantine/core';
import { NOTIFICATION_AUTO_CLOSE_MS } from '@nubes/domain';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { SessionProvider } from '../auth/SessionProvider';
import type { SessionStore } from '../auth/sessionStore';
import { cssVariablesResolver, theme } from './theme';

/**
 * The notification container (with its transition code) loads after the first paint; messages
 * shown before that wait in the notifications store and appear once it is there.
 */
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export interface AppProvidersProps {
  store: SessionStore;
  queryClient: QueryClient;
  /** The router with the routes: BrowserRouter in the app, MemoryRouter in tests. */
  children: ReactNode;
}

/** Providers around the router; main.tsx and the tests build the same tree. */
export const AppProviders = ({ store, queryClient, children }: AppProvidersProps) => (
  // Light scheme only: every colour pair was checked for contrast there.
  <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={store}>
        <Suspense fallback={null}>
          {/* No slide-in: a notification is readable (and passes contrast checks) the moment it shows.
          Bottom right: at the top they covered the user menu and the buttons that had just been
          clicked ("Copy link"). */}
          <Notifications autoClose={NOTIFICATION_AUTO_CLOSE_MS} position="bottom-right" transitionDuration={0} />
        </Suspense>
        {children}
      </SessionProvider>
    </QueryClientProvider>
  </MantineProvider>
);
