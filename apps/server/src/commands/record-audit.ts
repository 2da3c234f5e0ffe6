/**
 * The audit helpers moved to src/audit/; this file stays only while commands/login-with-password.ts
 * (changed in parallel on another branch) imports them from here. Delete it once that import moves.
 */
export { recordAudit } from '../audit/record-audit.js';
export { SYSTEM_ACTOR, type Actor } from '../audit/actor.js';
