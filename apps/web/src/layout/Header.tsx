import { routePath } from '@nubes/domain';
import { Container, Group } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/SessionProvider';
import { Link } from '../routing';
import { usePublicConfig } from '../config/publicConfig';
import { ColorSchemeSwitch } from './ColorSchemeSwitch';
import { LanguageSwitch } from './LanguageSwitch';
import { Navigation } from './Navigation';
import { WelcomeBar } from './WelcomeBar';

// Only logged-in people search; visitors of the public pages do not load it (docs/adr/0042-global-search.md).
const GlobalSearchLauncher = lazy(() =>
  import('../features/global-search/GlobalSearchLauncher').then((m) => ({ default: m.GlobalSearchLauncher })),
);

/** Logo (home link), navigation, language and dark mode switches, and the welcome bar beneath them. */
export const Header = () => {
  const { t } = useTranslation();
  const { productName, logoUrl } = usePublicConfig();
  const { isLoggedIn } = useSession();
  return (
    <header className="app-header">
      <Container size="xl" py="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Link to={routePath('home')} className="app-logo">
            <img src={logoUrl} alt={t('app.logoAlt', { name: productName })} width={120} height={36} />
          </Link>
          <Group gap="md" wrap="wrap">
            {isLoggedIn && (
              <Suspense fallback={null}>
                <GlobalSearchLauncher />
              </Suspense>
            )}
            <Navigation />
            <Group gap={4}>
              <LanguageSwitch />
              <ColorSchemeSwitch />
            </Group>
          </Group>
        </Group>
      </Container>
      <WelcomeBar />
    </header>
  );
};
