export * from './states.js';
export * from './workflow.js';
export * from './field-types.js';
export * from './fields.js';
export * from './validation.js';
export * from './weighting.js';
export * from './categorisation.js';
export * from './access.js';
