import type { savedViews } from '../db/schema.js';

export type SavedViewRow = typeof savedViews.$inferSelect;
