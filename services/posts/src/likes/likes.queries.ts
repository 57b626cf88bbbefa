import { NamedStatement, queryNamed } from '@daybreak/database';
import type { FeedWrite } from '../posts/feed-write';

/** A toggle's outcome: the pair's new state and its post's count once the whole batch is in. */
export interface ToggledRow {
  post_id: string;
  user_id: string;
  is_liked: boolean;
  likes_count: number;
}

/**
 * One round-trip for a batch of toggles, each of a different (post, member) pair: removes each
 * member's like, or adds it where there was none, and moves each post's counter by the sum of its
 * changes (a like is not an edit: updated_at stays). Answers every toggle's new state with its
 * post's count once the whole batch is in.
 */
const TOGGLE_LIKES: NamedStatement = {
  name: 'likes_toggle',
  text: `
  WITH toggles AS (SELECT * FROM unnest($1::uuid[], $2::uuid[]) AS toggle (post_id, user_id)),
  removed AS (
    DELETE FROM likes USING toggles
    WHERE likes.post_id = toggles.post_id AND likes.user_id = toggles.user_id
    RETURNING likes.post_id, likes.user_id
  ),
  added AS (
    INSERT INTO likes (post_id, user_id)
    SELECT post_id, user_id FROM toggles
    WHERE NOT EXISTS (
      SELECT 1 FROM removed WHERE removed.post_id = toggles.post_id AND removed.user_id = toggles.user_id
    )
    RETURNING post_id, user_id
  ),
  changes AS (
    SELECT post_id, user_id, true AS is_liked FROM added
    UNION ALL SELECT post_id, user_id, false FROM removed
  ),
  counted AS (
    UPDATE posts SET likes_count = likes_count + delta.sum
    FROM (SELECT post_id, sum(CASE WHEN is_liked THEN 1 ELSE -1 END) FROM changes GROUP BY post_id) AS delta
    WHERE posts.id = delta.post_id
    RETURNING posts.id, posts.likes_count
  )
  SELECT changes.post_id, changes.user_id, changes.is_liked, counted.likes_count
  FROM changes JOIN counted ON counted.id = changes.post_id`,
};

/** Toggles each (post, member) pair of the batch (each pair once at most) in one statement. */
export function toggleLikes(
  { manager }: FeedWrite,
  toggles: { postId: string; viewerId: string }[],
): Promise<ToggledRow[]> {
  return queryNamed<ToggledRow>(manager, TOGGLE_LIKES, [
    toggles.map(({ postId }) => postId),
    toggles.map(({ viewerId }) => viewerId),
  ]);
}
