import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ExternalLinkProps extends AnchorProps {
  href: string;
  children: ReactNode;
}

/**
 * A document or outside link that opens in a new tab (docs/domain.md#layout-and-branding). Screen readers hear that it does,
 * and rel="noopener" keeps the new page from reaching back into the portal's window.
 */
export const ExternalLink = ({ href, children, ...rest }: ExternalLinkProps) => {
  const { t } = useTranslation();
  return (
    <Anchor href={href} target="_blank" rel="noopener" {...rest}>
      {children} <span className="visually-hidden">{t('nav.opensInNewTab')}</span>
    </Anchor>
  );
};
