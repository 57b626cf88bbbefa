import type { PostText } from '@daybreak/contracts';
import { NamedStatement, queryNamed } from '@daybreak/database';
import type { EntityManager } from 'typeorm';
import type { FeedWrite } from './feed-write';

/** What a change to what hangs off a post needs of it: its author, and for a deletion its photo. */
export interface LockedPostRow {
  authorId: string;
  imageUrl: string | null;
}

const LOCK_POSTS: NamedStatement = {
  name: 'posts_lock_many',
  text: `SELECT id, author_id AS "authorId" FROM posts WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
};

const POST_TEXTS: NamedStatement = {
  name: 'posts_texts',
  text: `SELECT id, content FROM posts WHERE id = ANY($1::uuid[])`,
};

/** The text of each post in `ids` that exists, in no particular order. */
export function postTexts(manager: EntityManager, ids: string[]): Promise<PostText[]> {
  return queryNamed<PostText>(manager, POST_TEXTS, [ids]);
}

/**
 * Locks a post (`posts`, whose entity is Post) until the feed write ends. Plain SQL: the callers
 * need the author (and a deletion the photo), not an entity: this is on the path of every like.
 * What changes what a feed page shows takes a FeedWrite (feed-write.ts), never a plain manager.
 */
export async function lockPost({ manager }: FeedWrite, postId: string): Promise<LockedPostRow | undefined> {
  const [post]: LockedPostRow[] = await manager.query(
    `SELECT author_id AS "authorId", image_url AS "imageUrl" FROM posts WHERE id = $1 FOR UPDATE`,
    [postId],
  );
  return post;
}

/** Locks the posts that exist among `postIds`, in id order, and answers each one's author. */
export function lockPosts(
  { manager }: FeedWrite,
  postIds: string[],
): Promise<{ id: string; authorId: string }[]> {
  return queryNamed<{ id: string; authorId: string }>(manager, LOCK_POSTS, [postIds]);
}

/** Adds `delta` to one of the post's counters. Plain SQL: a like is not an edit, updated_at stays. */
export async function adjustPostCount(
  { manager }: FeedWrite,
  postId: string,
  counter: 'likes_count' | 'comments_count',
  delta: 1 | -1,
): Promise<void> {
  await manager.query(`UPDATE posts SET ${counter} = ${counter} + $2 WHERE id = $1`, [postId, delta]);
}
