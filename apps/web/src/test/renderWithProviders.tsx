import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppProviders } from '../app/App';
import { createQueryClient } from '../app/queryClient';
import { createSessionStore } from '../auth/sessionStore';
import { fakeAuthApi } from './renderApp';

/** One component with the app's providers around it (theme, queries, session, notifications), no routes. */
export const renderWithProviders = (ui: ReactNode) => {
  const store = createSessionStore({
    storage: window.localStorage,
    now: () => Date.now(),
    api: fakeAuthApi(),
  });
  return render(
    <AppProviders store={store} queryClient={createQueryClient()}>
      {ui}
    </AppProviders>,
  );
};
