import type { EntityManager } from 'typeorm';

/**
 * The `posts` table: each post's image (shown on its notifications) and whether it was deleted
 * (a deleted post notifies nobody), from the posts service's events.
 */

export async function recordPost(
  manager: EntityManager,
  postId: string,
  imageUrl: string | null,
): Promise<void> {
  await manager.query(
    `INSERT INTO posts (post_id, image_url) VALUES ($1, $2) ON CONFLICT (post_id) DO NOTHING`,
    [postId, imageUrl],
  );
}

/** Remembers that the post is gone, whether or not its creation was seen. */
export async function markPostDeleted(manager: EntityManager, postId: string): Promise<void> {
  await manager.query(
    `INSERT INTO posts (post_id, image_url, deleted) VALUES ($1, NULL, true)
     ON CONFLICT (post_id) DO UPDATE SET deleted = true`,
    [postId],
  );
}

export async function isPostDeleted(manager: EntityManager, postId: string): Promise<boolean> {
  const rows = await manager.query<unknown[]>(`SELECT 1 FROM posts WHERE post_id = $1 AND deleted`, [postId]);
  return rows.length > 0;
}
