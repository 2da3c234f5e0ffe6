import type { LoginThrottle } from './auth/login-throttle.js';
import type { OidcRelyingParty } from './auth/oidc-client.js';
import type { TokenService } from './auth/tokens.js';
import type { Config } from './config/config.js';
import type { Database } from './db/client.js';
import type { PublicPortfolioCache } from './http/public-portfolio-cache.js';
import type { ServiceListIndex } from './read-models/service-list-index.js';

/** What route plugins get handed: no globals, so tests build as many apps as they like. */
export interface Services {
  config: Config;
  database: Database;
  tokens: TokenService;
  throttle: LoginThrottle;
  oidc: OidcRelyingParty;
  /** The serialized public portfolio; service commands invalidate it. */
  publicPortfolio: PublicPortfolioCache;
  /** The services' list columns in memory, for every list; service commands tell it what changed. */
  serviceIndex: ServiceListIndex;
}
