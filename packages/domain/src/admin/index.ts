export * from './audit-log.js';
export * from './weighting.js';
export * from './entitlement-roles.js';
export * from './vo-name-prefixes.js';
export * from './role-counts.js';
export * from './scheduled-jobs.js';
