export * from './statuses.js';
export * from './transitions.js';
export * from './schemas.js';
export * from './schedule.js';
