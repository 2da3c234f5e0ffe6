import { z } from 'zod';

/** Branding and links are configuration (docs/domain.md#layout-and-branding); the web app reads them from GET /api/config. */
export const publicConfigSchema = z
  .object({
    productName: z.string(),
    logoUrl: z.string(),
    /** The logo drawn on the dark colour scheme (LOGO_DARK_URL; without one, an own LOGO_URL's). */
    logoDarkUrl: z.string(),
    links: z.object({
      legalNotice: z.string(),
      privacy: z.string(),
      accessibility: z.string(),
      team: z.string(),
      news: z.string(),
      helpdesk: z.string(),
      about: z.string(),
    }),
    instructions: z.object({ servicePortfolio: z.string(), contactDatabase: z.string() }),
    /** True when the built-in development identity provider answers single sign-on. */
    devIdp: z.boolean(),
  })
  .meta({ id: 'PublicConfig' });

export type PublicConfig = z.infer<typeof publicConfigSchema>;
