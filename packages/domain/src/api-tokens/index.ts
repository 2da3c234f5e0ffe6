export * from './scopes.js';
export * from './schemas.js';
