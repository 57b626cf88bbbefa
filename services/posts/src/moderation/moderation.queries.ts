import type { EntityManager } from 'typeorm';
import { commentVisibleTo, postVisibleTo } from './visibility.queries';

/** Hides a post (a moderator's decision) or shows it again; one deleted meanwhile changes nothing. */
export async function setPostHidden(manager: EntityManager, postId: string, hidden: boolean): Promise<void> {
  await manager.query(
    hidden
      ? `INSERT INTO hidden_posts (post_id) SELECT id FROM posts WHERE id = $1 ON CONFLICT DO NOTHING`
      : `DELETE FROM hidden_posts WHERE post_id = $1`,
    [postId],
  );
}

/** Hides a comment (a moderator's decision) or shows it again; one deleted meanwhile changes nothing. */
export async function setCommentHidden(
  manager: EntityManager,
  commentId: string,
  hidden: boolean,
): Promise<void> {
  await manager.query(
    hidden
      ? `INSERT INTO hidden_comments (comment_id) SELECT id FROM comments WHERE id = $1 ON CONFLICT DO NOTHING`
      : `DELETE FROM hidden_comments WHERE comment_id = $1`,
    [commentId],
  );
}

/** Whether the post exists and moderation lets `viewerId` see it (theirs, or not hidden). */
export async function postShownTo(
  manager: EntityManager,
  postId: string,
  viewerId: string,
): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM posts p WHERE p.id = $1 AND ${postVisibleTo('p', '$2::uuid')}`,
    [postId, viewerId],
  );
  return rows.length > 0;
}

/** Notes an author's suspension starting or ending. */
export async function setAuthorSuspended(
  manager: EntityManager,
  authorId: string,
  suspended: boolean,
): Promise<void> {
  await manager.query(
    suspended
      ? `INSERT INTO suspended_authors (author_id) VALUES ($1) ON CONFLICT DO NOTHING`
      : `DELETE FROM suspended_authors WHERE author_id = $1`,
    [authorId],
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
  FROM posts p WHERE p.id = $2 AND ${postVisibleTo('p', '$1::uuid')}`;
const COMMENT = `SELECT c.author_id AS "authorId", c.post_id AS "postId", c.content, NULL AS "imageUrl"
  FROM comments c JOIN posts p ON p.id = c.post_id
  WHERE c.id = $2 AND ${commentVisibleTo('c', '$1::uuid')} AND ${postVisibleTo('p', '$1::uuid')}`;

/** The post or comment `id` as `viewerId` can see it, or undefined (deleted, hidden from them). */
export async function reportedContent(
  manager: EntityManager,
  type: 'post' | 'comment',
  id: string,
  viewerId: string,
): Promise<ReportedContent | undefined> {
  const [found]: ReportedContent[] = await manager.query(type === 'post' ? POST : COMMENT, [viewerId, id]);
  return found;
}
