import type { PublicConfig } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { apiRequest } from '../api/client';

/**
 * Branding and links are configuration (docs/domain.md#layout-and-branding). Until GET /api/config answers, the shell
 * uses these defaults: the product name from the catalogue and the bundled instruction PDFs.
 */
const fallbackConfig = (): PublicConfig => ({
  productName: i18next.t('app.name'),
  logoUrl: '/static/logo.svg',
  logoDarkUrl: '/static/logo-dark.svg',
  links: {
    legalNotice: '#',
    privacy: '#',
    accessibility: '#',
    team: '#',
    news: '#',
    helpdesk: '#',
    about: '#',
  },
  instructions: {
    servicePortfolio: '/static/instructions/service-portfolio.pdf',
    contactDatabase: '/static/instructions/contact-database.pdf',
  },
  devIdp: false,
});

const stringsOf = <T extends Record<string, string>>(defaults: T, value: unknown): T => {
  const source = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const entries = Object.keys(defaults).map((key) => {
    const candidate = source[key];
    return [key, typeof candidate === 'string' ? candidate : defaults[key]];
  });
  return Object.fromEntries(entries) as T;
};

/**
 * Reads the answer of GET /api/config (publicConfigSchema) field by field over the defaults, so
 * a missing link never breaks the shell; no zod here, it would weigh on the first load.
 */
const toPublicConfig = (value: unknown): PublicConfig => {
  const defaults = fallbackConfig();
  const source = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    productName:
      typeof source.productName === 'string' && source.productName ? source.productName : defaults.productName,
    logoUrl: typeof source.logoUrl === 'string' && source.logoUrl ? source.logoUrl : defaults.logoUrl,
    logoDarkUrl:
      typeof source.logoDarkUrl === 'string' && source.logoDarkUrl ? source.logoDarkUrl : defaults.logoDarkUrl,
    links: stringsOf(defaults.links, source.links),
    instructions: stringsOf(defaults.instructions, source.instructions),
    devIdp: source.devIdp === true,
  };
};

const fetchPublicConfig = async (): Promise<PublicConfig> =>
  toPublicConfig(await apiRequest<unknown>('/api/config', { auth: 'none' }));

const PUBLIC_CONFIG_QUERY_KEY = ['public-config'] as const;

/** The configuration, or the defaults while it loads or when it cannot be read. */
export const usePublicConfig = (): PublicConfig => {
  const { data } = useQuery({
    queryKey: PUBLIC_CONFIG_QUERY_KEY,
    queryFn: fetchPublicConfig,
    staleTime: Infinity,
    retry: 1,
  });
  return data ?? fallbackConfig();
};
