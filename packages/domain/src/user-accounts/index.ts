export * from './schemas.js';
export * from './access-request.js';
export * from './gone.js';
export * from './handover.js';
