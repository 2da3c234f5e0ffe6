/**
 * The app context's old name, kept only while commands/login-with-password.ts (changed in parallel
 * on another branch) still imports it; delete this file once that import reads AppContext.
 */
export type { AppContext as Services } from './app-context.js';
