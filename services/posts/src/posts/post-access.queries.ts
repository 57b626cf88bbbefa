import type { EntityManager } from 'typeorm';
import { postVisibleTo } from '../moderation/visibility.queries';
import { visibleTo } from '../safety/walls.queries';

/**
 * Whether `viewer` (a parameter such as `$1::uuid`, null for a guest) finds the post of alias `p` at
 * all: moderation shows it to them (ADR 0025) and no block stands between them and its author (ADR
 * 0024; a mute hides nothing here). Every read of one post asks this (its page, its like status, its
 * comments, a report of it), so each answers the same 404 and none tells the post exists.
 */
export const postFoundBy = (p: string, viewer: string) =>
  `(${postVisibleTo(p, viewer)} AND ${visibleTo(viewer, `${p}.author_id`)})`;

/** Whether the post exists and `viewerId` finds it (postFoundBy). */
export async function postFound(
  manager: EntityManager,
  postId: string,
  viewerId: string | null,
): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM posts p WHERE p.id = $1 AND ${postFoundBy('p', '$2::uuid')}`,
    [postId, viewerId],
  );
  return rows.length > 0;
}
