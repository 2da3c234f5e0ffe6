export * from './waiting.js';
export * from './schemas.js';
