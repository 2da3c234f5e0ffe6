import type { LoginThrottle } from './auth/login-throttle.js';
import type { OidcRelyingParty } from './auth/oidc-client.js';
import type { TokenService } from './auth/tokens.js';
import type { Config } from './config/config.js';
import type { Database } from './db/client.js';
import type { PortalLog } from './http/portal-log.js';
import type { PublicPortfolioCache } from './caches/public-portfolio-cache.js';
import type { PolicySchemas } from './json-schema/policy-schemas.js';
import type { Writes } from './writes/pipeline.js';
import type { PortalMetrics } from './operations/metrics.js';
import type { Readiness } from './operations/readiness.js';
import type { AdminCheck } from './commands/ensure-admin.js';
import type { Clock } from './model/clock.js';
import type { Scheduler } from './scheduler/scheduler.js';

/**
 * What route plugins get handed: no globals, so tests build as many apps as they like. (Named so
 * that it is not mistaken for the `services` table.)
 */
export interface AppContext {
  config: Config;
  /** The app's log; a request's lines go through `requestLog` (docs/adr/0057-one-log-and-no-logger-per-request.md). */
  log: PortalLog;
  database: Database;
  tokens: TokenService;
  throttle: LoginThrottle;
  oidc: OidcRelyingParty;
  /** The serialized public portfolio; a committed service change invalidates it. */
  publicPortfolio: PublicPortfolioCache;
  /**
   * The resource types' compiled JSON Schemas, one per type version: every policy is validated with
   * this one instance, so a schema is compiled once, not per request (docs/adr/0031-resource-packages.md).
   */
  policySchemas: PolicySchemas;
  /** What commands write with: the database and the after-commit runner that clears the cache above. */
  writes: Writes;
  /** Whether this instance should get traffic: database, migrations, mail worker (docs/adr/0052-readiness-metrics-and-shutdown.md). */
  readiness: Readiness;
  /** The Prometheus metrics of this app and its process. */
  metrics: PortalMetrics;
  /**
   * The check that the configured admin account exists with the configured password: it starts
   * once the portal listens, and a direct login waits for it (docs/adr/0066-start-loads-what-it-uses.md).
   */
  adminCheck: AdminCheck;
  /** What time it is for timed work and the lists that ask "due by when" (docs/adr/0115-one-scheduler-for-timed-work.md). */
  clock: Clock;
  /** The timed jobs: the admin panel lists them and runs one now; main.ts starts its polling. */
  scheduler: Scheduler;
}
