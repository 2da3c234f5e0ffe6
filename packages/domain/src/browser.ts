/**
 * The domain package as the web app sees it: everything but the server-side translator and the
 * non-default catalogues (the web loads those on demand, see apps/web/src/i18n/i18n.ts).
 */
export * from './roles.js';
export * from './access/rules.js';
export * from './permissions.js';
export * from './session.js';
export * from './dates.js';
export * from './routes.js';
export * from './navigation.js';
export * from './instructions/documents.js';
export * from './errors.js';
export * from './schemas/auth.js';
export * from './schemas/sessions.js';
export * from './schemas/readiness.js';
export * from './i18n/core.js';
export * from './schemas/config.js';
export * from './entitlements.js';
export * from './idp-groups.js';
export * from './services/index.js';
export * from './schemas/services.js';
export * from './schemas/field-list.js';
export * from './schemas/institutions.js';
export * from './schemas/institution-logo.js';
export * from './schemas/list-query.js';
export * from './schemas/stream-page.js';
export * from './ids.js';
export * from './audit/events.js';
export * from './schemas/text.js';
export * from './reviews/index.js';
export * from './pilots/index.js';
export * from './downtimes/index.js';
export * from './mail/index.js';
export * from './change-requests/index.js';
export * from './resource-packages/index.js';
export * from './user-accounts/index.js';
export * from './contacts/index.js';
export * from './admin/index.js';
export * from './vos/index.js';
export * from './dashboard/index.js';
export * from './saved-views/index.js';
export * from './schemas/tab-counts.js';
export * from './schemas/public-service.js';
export * from './api-tokens/index.js';
export * from './events/index.js';
export * from './schemas/eosc.js';
