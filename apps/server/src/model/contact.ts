import type { contacts } from '../db/schema.js';

export type ContactRecord = typeof contacts.$inferSelect;
