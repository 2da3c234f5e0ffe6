export * from './kinds.js';
export * from './schemas.js';
