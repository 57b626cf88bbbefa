import type { EntityManager } from 'typeorm';
import { visibleTo } from '../safety/walls.queries';
import type { Comment } from './comment.entity';

/**
 * A post's comments, oldest first (`comments_post_idx`), as many as `limit`, leaving out those of
 * members a block stands between with the viewer (NULL: a guest, who sees them all; ADR 0024).
 */
export function commentsVisibleTo(
  manager: EntityManager,
  postId: string,
  viewerId: string | null,
  limit: number,
): Promise<Comment[]> {
  return manager.query(
    `SELECT c.id, c.post_id AS "postId", c.author_id AS "authorId", c.content, c.created_at AS "createdAt"
     FROM comments c
     WHERE c.post_id = $2 AND ${visibleTo('$1::uuid', 'c.author_id')}
     ORDER BY c.created_at, c.id
     LIMIT $3`,
    [viewerId, postId, limit],
  );
}
