export * from './pilot.js';
export * from './schemas.js';
