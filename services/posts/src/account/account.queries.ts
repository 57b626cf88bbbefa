import type { ExportedComment, ExportedLike, ExportedPost, TimeClassification } from '@daybreak/contracts';
import { rowsReturned } from '@daybreak/database';
import type { EntityManager } from 'typeorm';
import type { FeedWrite } from '../posts/feed-write';

/** One of the member's own posts, as its deletion's `post.deleted` needs it. */
export interface ErasedPost {
  id: string;
  imageUrl: string | null;
}

/** A member's likes and comments on posts, each with the post counter it moves. */
const ACTIVITY = [
  { table: 'likes', member: 'user_id', counter: 'likes_count' },
  { table: 'comments', member: 'author_id', counter: 'comments_count' },
] as const;

/**
 * Erases a member from posts (issue 42), in the caller's feed write: their posts with the likes and
 * comments on them (ON DELETE CASCADE), their likes and comments on others' posts with those
 * posts' counters moved by exactly the rows deleted, and their author copy. The others' posts are
 * locked in id order first, so this cannot deadlock with a batch of likes on them. Answers the
 * member's posts, for their events.
 */
export async function eraseMember({ manager }: FeedWrite, userId: string): Promise<ErasedPost[]> {
  await manager.query(
    `SELECT id FROM posts
     WHERE id IN (SELECT post_id FROM likes WHERE user_id = $1 UNION SELECT post_id FROM comments WHERE author_id = $1)
     ORDER BY id FOR NO KEY UPDATE`,
    [userId],
  );
  const posts = await rowsReturned<{ id: string; image_url: string | null }>(
    manager,
    `DELETE FROM posts WHERE author_id = $1 RETURNING id, image_url`,
    [userId],
  );
  for (const { table, member, counter } of ACTIVITY)
    await manager.query(
      `WITH gone AS (DELETE FROM ${table} WHERE ${member} = $1 RETURNING post_id)
       UPDATE posts p SET ${counter} = ${counter} - gone_from.rows
       FROM (SELECT post_id, count(*)::int AS rows FROM gone GROUP BY post_id) gone_from
       WHERE p.id = gone_from.post_id`,
      [userId],
    );
  await manager.query(`DELETE FROM authors WHERE user_id = $1`, [userId]);
  // A suspension of theirs (moderation) has no one left to hide.
  await manager.query(`DELETE FROM suspended_authors WHERE author_id = $1`, [userId]);
  // Blocks and mutes either way (social's copy, ADR 0024), and their count of such changes.
  await manager.query(`DELETE FROM blocks WHERE blocker_id = $1 OR blocked_id = $1`, [userId]);
  await manager.query(`DELETE FROM mutes WHERE muter_id = $1 OR muted_id = $1`, [userId]);
  await manager.query(`DELETE FROM safety_versions WHERE member_id = $1`, [userId]);
  return posts.map((post) => ({ id: post.id, imageUrl: post.image_url }));
}

/** The member's posts, oldest first, for their export (image paths as stored). */
export async function postsOf(manager: EntityManager, userId: string): Promise<ExportedPost[]> {
  const rows: {
    id: string;
    content: string;
    image_url: string | null;
    timezone: string;
    time_classification: TimeClassification;
    created_at: Date;
    likes_count: number;
    comments_count: number;
  }[] = await manager.query(
    `SELECT id, content, image_url, timezone, time_classification, created_at, likes_count, comments_count
     FROM posts WHERE author_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    content: row.content,
    imageUrl: row.image_url,
    timezone: row.timezone,
    timeClassification: row.time_classification,
    createdAt: row.created_at.toISOString(),
    likesCount: row.likes_count,
    commentsCount: row.comments_count,
  }));
}

/** The member's comments on anyone's posts, oldest first. */
export async function commentsOf(manager: EntityManager, userId: string): Promise<ExportedComment[]> {
  const rows: { id: string; post_id: string; content: string; created_at: Date }[] = await manager.query(
    `SELECT id, post_id, content, created_at FROM comments WHERE author_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows.map((row) => ({
    id: row.id,
    postId: row.post_id,
    content: row.content,
    createdAt: row.created_at.toISOString(),
  }));
}

/** The posts the member likes, oldest like first. */
export async function likesOf(manager: EntityManager, userId: string): Promise<ExportedLike[]> {
  const rows: { post_id: string; created_at: Date }[] = await manager.query(
    `SELECT post_id, created_at FROM likes WHERE user_id = $1 ORDER BY created_at, post_id`,
    [userId],
  );
  return rows.map((row) => ({ postId: row.post_id, createdAt: row.created_at.toISOString() }));
}
