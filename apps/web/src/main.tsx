import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import './app/app.css';

import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { authApi } from './api/auth';
import { configureApi } from './api/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/App';
import { createQueryClient } from './app/queryClient';
import { AppRoutes } from './app/router';
import { createSessionStore } from './auth/sessionStore';
import { currentLanguage, initI18n, loadLanguage, storedLanguage } from './i18n/i18n';

const language = storedLanguage();
initI18n(language);

const store = createSessionStore({
  storage: window.localStorage,
  document,
  now: () => Date.now(),
  api: authApi,
});

configureApi({
  getToken: () => store.getSnapshot()?.token ?? null,
  getLanguage: currentLanguage,
  onUnauthorized: () => store.unauthorized(),
});

// The first load counts as a route change too (SPEC §2): expired sessions end before anything renders.
store.check();

const root = document.getElementById('root');
if (!root) throw new Error('index.html needs a #root element');

// The shell (skip link, header, landmarks) is in the DOM before the load event, so nothing a
// person or a test does right after loading meets an empty page; screens still load lazily.
const reactRoot = createRoot(root);
const render = () =>
  flushSync(() =>
    reactRoot.render(
      <StrictMode>
        <AppProviders store={store} queryClient={createQueryClient()}>
          {/* Location updates render together with session updates (logout goes home, not to the
          login redirect of the page being left), so they are not deferred as transitions. */}
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
// English renders at once; another stored language first loads its catalogue (one small chunk).
const pending = loadLanguage(language);
if (language === 'en') render();
else void pending.then(render, render);
