import { routePath } from '@nubes/domain';
import { Container, Group, useComputedColorScheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { lazy, Suspense, useEffect } from 'react';
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

// One object for every render: the hook observes anew whenever its options change.
const BORDER_BOX: ResizeObserverOptions = { box: 'border-box' };

/**
 * The header's height as `--nubes-header-height` on the document: the notifications show below it
 * (app.css, .app-notifications), wherever its row and the welcome bar's wrapping put its edge.
 */
const useHeaderHeightVariable = () => {
  const { ref, height } = useElementSize<HTMLElement>(BORDER_BOX);
  useEffect(() => {
    if (height > 0) document.documentElement.style.setProperty('--nubes-header-height', `${Math.round(height)}px`);
  }, [height]);
  return ref;
};

/**
 * Logo (home link), navigation, search, language and dark mode switches on one row at every width,
 * and the welcome bar beneath them (docs/adr/0090-one-row-header-and-compact-toolbars.md). The logo
 * follows the colour scheme: the configured dark one on the dark scheme.
 */
export const Header = () => {
  const { t } = useTranslation();
  const { productName, logoUrl, logoDarkUrl } = usePublicConfig();
  const { isLoggedIn } = useSession();
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: false }) === 'dark';
  const ref = useHeaderHeightVariable();
  return (
    <header className="app-header" ref={ref}>
      <Container size="xl" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Link to={routePath('home')} className="app-logo">
            <img
              src={dark ? logoDarkUrl : logoUrl}
              alt={t('app.logoAlt', { name: productName })}
              width={120}
              height={36}
            />
          </Link>
          <Group gap="xs" wrap="nowrap" className="app-header-tools">
            {isLoggedIn && (
              <Suspense fallback={null}>
                <GlobalSearchLauncher />
              </Suspense>
            )}
            <Navigation />
            <Group gap={4} wrap="nowrap">
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
