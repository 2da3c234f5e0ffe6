export * from './states.js';
export * from './workflow.js';
export * from './name-rules.js';
export * from './entitlement.js';
export * from './aai-policies.js';
export * from './documents.js';
export * from './schemas.js';
