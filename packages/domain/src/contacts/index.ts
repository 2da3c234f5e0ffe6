export * from './kinds.js';
export * from './schemas.js';
export * from './search.js';
