import { routePath } from '@nubes/domain';
import { Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from '../routing';
import { usePublicConfig } from '../config/publicConfig';
import { ColorSchemeSwitch } from './ColorSchemeSwitch';
import { GlobalSearchLauncher } from '../features/global-search/GlobalSearchLauncher';
import { LanguageSwitch } from './LanguageSwitch';
import { Navigation } from './Navigation';
import { WelcomeBar } from './WelcomeBar';

/** Logo (home link), navigation, language and dark mode switches, and the welcome bar beneath them. */
export const Header = () => {
  const { t } = useTranslation();
  const { productName, logoUrl } = usePublicConfig();
  return (
    <header className="app-header">
      <Container size="xl" py="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Link to={routePath('home')} className="app-logo">
            <img src={logoUrl} alt={t('app.logoAlt', { name: productName })} width={120} height={36} />
          </Link>
          <Group gap="md" wrap="wrap">
            <GlobalSearchLauncher />
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
