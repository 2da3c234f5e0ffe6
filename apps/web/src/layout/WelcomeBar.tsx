import { Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/SessionProvider';
import { usePublicConfig } from '../config/publicConfig';

/** The blue bar below the header (docs/domain.md#layout-and-branding): the user's full name once logged in. */
export const WelcomeBar = () => {
  const { t } = useTranslation();
  const { session } = useSession();
  const { productName } = usePublicConfig();
  return (
    <div className="welcome-bar on-dark">
      <Container size="xl">
        <p style={{ margin: 0, fontWeight: 600 }}>
          {session
            ? t('welcomeBar.loggedIn', { fullname: session.fullname })
            : t('welcomeBar.loggedOut', { name: productName })}
        </p>
      </Container>
    </div>
  );
};
