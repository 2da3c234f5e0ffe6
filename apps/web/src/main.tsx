// Before any module parses with zod: no eval probe the CSP would refuse (app/zod-jitless.ts).
import './app/zod-jitless';
// Mantine's stylesheets of the shell and the public screens; the whole one comes with the first
// screen behind a login (app/shell-styles.ts, docs/adr/0086-public-pages-audit.md).
import './app/shell-styles';
import './app/app.css';

import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { authApi } from './api/auth';
import { configureApi } from './api/client';
import { BrowserRouter } from './routing';
import { AppProviders } from './app/App';
import { createQueryClient } from './app/queryClient';
import { AppRoutes } from './app/router';
import { createSessionStore } from './auth/sessionStore';
import { currentLanguage, startI18n } from './i18n/i18n';

const boot = async () => {
  // The stored language, with its catalogue, before anything renders or asks the server: the
  // first screen, the language switch and the first request's Accept-Language agree (ADR 20).
  await startI18n();

  const store = createSessionStore({
    storage: window.localStorage,
    now: () => Date.now(),
    api: authApi,
  });

  configureApi({
    hasSession: () => store.getSnapshot() !== null,
    getLanguage: currentLanguage,
    onUnauthorized: () => store.unauthorized(),
  });

  // The first load counts as a route change too: expired sessions end before anything renders.
  // Then the server says whether the session still lives and with which roles (LoginStatusSync).
  store.check();

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html needs a #root element');

  // The shell (skip link, header, landmarks) is in the DOM before the load event, so nothing a
  // person or a test does right after loading meets an empty page; screens still load lazily.
  flushSync(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders store={store} queryClient={createQueryClient()}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
};

void boot();
