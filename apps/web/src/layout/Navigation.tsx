import { Anchor } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../routing';
import { loginPath } from '../auth/loginTarget';
import { useSession } from '../auth/SessionProvider';

const UserMenus = lazy(() => import('./UserMenus').then((m) => ({ default: m.UserMenus })));

/**
 * Top navigation by role (ADR 0021): logged out only the login link, which keeps the current
 * page as redirect target; logged in the menus of UserMenus.
 */
export const Navigation = () => {
  const { t } = useTranslation();
  const { session } = useSession();
  const location = useLocation();

  return (
    <nav aria-label={t('nav.main')}>
      {session ? (
        <Suspense fallback={null}>
          <UserMenus session={session} />
        </Suspense>
      ) : (
        <Anchor component={Link} to={loginPath(`${location.pathname}${location.search}`)} fw={600}>
          {t('nav.login')}
        </Anchor>
      )}
    </nav>
  );
};
