import type { EntityManager } from 'typeorm';
import { postFoundBy } from '../posts/post-access.queries';
import { commentHidden } from './visibility.queries';

/** What moderation hides of one post's comments from `viewerId` (issue 42). */
export interface CommentVisibility {
  /** False when they don't find the post itself (gone, hidden from them, across a block: postFoundBy). */
  postVisible: boolean;
  /** The post's hidden comments: shown only to their authors, marked. */
  hidden: Set<string>;
}

export async function commentVisibility(
  manager: EntityManager,
  postId: string,
  viewerId: string | null,
): Promise<CommentVisibility> {
  const [row]: { post_visible: boolean | null; hidden: string[] }[] = await manager.query(
    `SELECT (SELECT ${postFoundBy('p', '$1::uuid')} FROM posts p WHERE p.id = $2) AS post_visible,
            ARRAY(SELECT c.id FROM comments c WHERE c.post_id = $2 AND ${commentHidden('c')}) AS hidden`,
    [viewerId, postId],
  );
  return { postVisible: row.post_visible === true, hidden: new Set(row.hidden) };
}
