import type { EntityManager } from 'typeorm';
import { postFoundBy } from '../posts/post-access.queries';
import { visibleTo } from '../safety/walls.queries';
import { commentVisibleTo } from './visibility.queries';

/** What a moderator decided about (social's `post.hidden`, `comment.hidden`, `user.suspended`). */
export type DecisionTarget = 'post' | 'comment' | 'author';

/** A hide or suspension set (`standing`) or undone, as of `decidedAt` (the event's `occurredAt`). */
export interface ModerationDecision {
  target: DecisionTarget;
  id: string;
  standing: boolean;
  decidedAt: string;
}

/**
 * Each target's table, and the ids it may hold: a decision about a post or comment deleted meanwhile
 * changes nothing.
 */
const TARGETS = {
  post: { table: 'hidden_posts', key: 'post_id', known: `SELECT id FROM posts WHERE id = $1` },
  comment: { table: 'hidden_comments', key: 'comment_id', known: `SELECT id FROM comments WHERE id = $1` },
  author: { table: 'suspended_authors', key: 'author_id', known: `SELECT $1::uuid` },
} as const;

/**
 * Applies a decision unless its target's row holds a newer one: an older event replayed late (a dead
 * letter, a redelivery past the inbox) never undoes a newer one, as ADR 0024's blocks and
 * applyUserSnapshot's names. An undo keeps the row (`standing` false) to be the newer one.
 */
export async function applyDecision(manager: EntityManager, decision: ModerationDecision): Promise<void> {
  const { table, key, known } = TARGETS[decision.target];
  await manager.query(
    `INSERT INTO ${table} (${key}, standing, decided_at) SELECT id, $2, $3 FROM (${known}) AS known (id)
     ON CONFLICT (${key}) DO UPDATE SET standing = EXCLUDED.standing, decided_at = EXCLUDED.decided_at
     WHERE ${table}.decided_at <= EXCLUDED.decided_at`,
    [decision.id, decision.standing, decision.decidedAt],
  );
}

/** A reported post or comment, as social keeps it for the moderators' preview. */
export interface ReportedContent {
  authorId: string;
  postId: string;
  content: string;
  imageUrl: string | null;
}

const POST = `SELECT p.author_id AS "authorId", p.id AS "postId", p.content, p.image_url AS "imageUrl"
  FROM posts p WHERE p.id = $2 AND ${postFoundBy('p', '$1::uuid')}`;
const COMMENT = `SELECT c.author_id AS "authorId", c.post_id AS "postId", c.content, NULL AS "imageUrl"
  FROM comments c JOIN posts p ON p.id = c.post_id
  WHERE c.id = $2 AND ${commentVisibleTo('c', '$1::uuid')} AND ${visibleTo('$1::uuid', 'c.author_id')}
    AND ${postFoundBy('p', '$1::uuid')}`;

/**
 * The post or comment `id` as `viewerId` can see it, or undefined (deleted, hidden from them, or a
 * block stands between them and its author: one reports what one finds, as its page shows it).
 */
export async function reportedContent(
  manager: EntityManager,
  type: 'post' | 'comment',
  id: string,
  viewerId: string,
): Promise<ReportedContent | undefined> {
  const [found]: ReportedContent[] = await manager.query(type === 'post' ? POST : COMMENT, [viewerId, id]);
  return found;
}
