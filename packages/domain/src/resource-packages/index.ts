export * from './states.js';
export * from './schemas.js';
export * from './policy-errors.js';
export * from './policy-schema.js';
