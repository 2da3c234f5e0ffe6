export * from './schemas.js';
export * from './access-request.js';
