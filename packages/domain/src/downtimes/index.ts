export * from './downtime.js';
export * from './schemas.js';
