import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider } from '../auth/SessionProvider';
import { NotificationsHost } from '../components/NotificationsHost';
import type { SessionStore } from '../auth/sessionStore';
import { cssVariablesResolver, theme } from './theme';

export interface AppProvidersProps {
  store: SessionStore;
  queryClient: QueryClient;
  /** The router with the routes: BrowserRouter in the app, MemoryRouter in tests. */
  children: ReactNode;
}

/** Providers around the router; main.tsx and the tests build the same tree. */
export const AppProviders = ({ store, queryClient, children }: AppProvidersProps) => (
  // The system's scheme until the header's switch stores a choice (ADR 0047).
  <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={cssVariablesResolver}>
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={store}>
        <NotificationsHost />
        {children}
      </SessionProvider>
    </QueryClientProvider>
  </MantineProvider>
);
