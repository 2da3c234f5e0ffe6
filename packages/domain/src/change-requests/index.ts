export * from './states.js';
export * from './schemas.js';
