import { Container } from '@mantine/core';
import { Suspense, useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '../routing';
import { notifyError } from '../api/notify';
import { loginPath } from '../auth/loginTarget';
import { useSessionStore } from '../auth/SessionProvider';
import { PageLoader } from '../components/PageLoader';
import { Footer } from './Footer';
import { Header } from './Header';

/**
 * Reacts to a session that ended without the user asking: a token the server refused sends the
 * user to the login page and back here afterwards; an expired session only says so (protected
 * screens redirect by themselves, public ones stay).
 */
const useSessionEndHandling = () => {
  const store = useSessionStore();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // The listener below is registered once; it reads the page the user is on through this ref.
  const here = useRef('');
  useEffect(() => {
    here.current = `${location.pathname}${location.search}`;
  }, [location.pathname, location.search]);

  useEffect(
    () =>
      store.onEnd((reason) => {
        if (reason === 'logout') return;
        notifyError(t('notifications.sessionExpired'), t('notifications.sessionExpiredText'));
        if (reason === 'unauthorized') navigate(loginPath(here.current), { replace: true });
      }),
    [store, t, navigate],
  );
};

/** Moves focus itself, so the URL keeps no #main and the router sees no navigation. */
const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
};

/** Skip link, header, the routed screen in <main>, footer (docs/domain.md#layout-and-branding). */
export const Layout = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation();
  useSessionEndHandling();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main" onClick={skipToMain}>
        {t('nav.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="app-main">
        <Container size="xl">
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </Container>
      </main>
      <Footer />
    </div>
  );
};
