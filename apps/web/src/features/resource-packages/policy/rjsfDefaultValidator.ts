// @rjsf/core 6 imports `@rjsf/validator-ajv8` in its entry, for a test helper (getTestRegistry)
// the portal never calls. vite.config.ts resolves that import to this module, so neither the
// package nor Ajv is installed or bundled (docs/adr/0081-node-24-runtime-and-dependency-hygiene.md).
export { policyValidator as default } from './policyValidator';
