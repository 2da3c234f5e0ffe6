export * from './audit-log.js';
export * from './weighting.js';
