import type { Client } from 'pg';

/**
 * How the likes of an author's posts and the author's notifications match up, in one stack's
 * database: `likes` made, how many of them have exactly one like notification (`matched`), and every
 * like notification the author has (a badge for the author's own post is not one). Nothing lost or
 * doubled is `{ likes: n, matched: n, notifications: n }`.
 */
export async function likesAndNotifications(
  db: Client,
  author: string,
): Promise<{ likes: number; matched: number; notifications: number }> {
  const { rows } = await db.query<{ likes: number; matched: number; notifications: number }>(
    `SELECT
       (SELECT count(*)::int FROM posts.likes l JOIN posts.posts p ON p.id = l.post_id
        WHERE p.author_id = $1) AS likes,
       (SELECT count(*)::int FROM posts.likes l JOIN posts.posts p ON p.id = l.post_id
        WHERE p.author_id = $1 AND (
          SELECT count(*) FROM notifications.notifications n
          WHERE n.user_id = $1 AND n.type = 'like' AND n.from_user_id = l.user_id AND n.post_id = l.post_id
        ) = 1) AS matched,
       (SELECT count(*)::int FROM notifications.notifications WHERE user_id = $1 AND type = 'like')
         AS notifications`,
    [author],
  );
  return rows[0]!;
}
