import { useTranslation } from 'react-i18next';
import './ProviderWithLogo.css';

export interface ProviderWithLogoProps {
  /** The institution's name, shown beside the logo and named in its alt text. */
  name: string;
  /** The logo's address from the API; null: the name alone. */
  logo: string | null;
  size?: 'small' | 'medium';
}

/**
 * An institution's name with its logo before it (docs/adr/0033-institution-logos.md). A plain
 * <img> without Mantine, so the public portfolio's first visit carries no more code for it.
 */
export const ProviderWithLogo = ({ name, logo, size = 'small' }: ProviderWithLogoProps) => {
  const { t } = useTranslation();
  if (!logo) return <>{name}</>;
  return (
    <span className="provider-with-logo">
      <img
        className={`provider-logo provider-logo-${size}`}
        src={logo}
        alt={t('institutionLogo.alt', { name })}
        loading="lazy"
        decoding="async"
      />
      <span>{name}</span>
    </span>
  );
};
