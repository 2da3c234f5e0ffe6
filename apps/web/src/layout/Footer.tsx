import { Anchor, Container } from '@mantine/core';
import type { PublicConfig } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../config/publicConfig';

const FOOTER_LINKS: readonly (keyof PublicConfig['links'])[] = [
  'legalNotice',
  'privacy',
  'accessibility',
  'team',
  'news',
  'helpdesk',
  'about',
];

/** Links to the umbrella project's pages (docs/domain.md#layout-and-branding); their targets are configuration. */
export const Footer = () => {
  const { t } = useTranslation();
  const { links } = usePublicConfig();
  return (
    <footer className="app-footer">
      <Container size="xl">
        <nav aria-label={t('footer.label')}>
          <ul className="footer-links">
            {FOOTER_LINKS.map((key) => (
              <li key={key}>
                <Anchor href={links[key]}>{t(`footer.${key}`)}</Anchor>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
    </footer>
  );
};
