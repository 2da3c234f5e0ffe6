export * from './audit-log.js';
export * from './weighting.js';
export * from './entitlement-roles.js';
