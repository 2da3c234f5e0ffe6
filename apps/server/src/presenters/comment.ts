import type { Comment } from '@nubes/domain';
import type { serviceComments } from '../db/schema.js';

type CommentRow = typeof serviceComments.$inferSelect;

export const presentComment = (row: CommentRow): Comment => ({
  id: row.id,
  text: row.text,
  author: row.authorName,
  createdAt: row.createdAt.toISOString(),
});
