import type { PostText } from '@daybreak/contracts';
import { NamedStatement, queryNamed } from '@daybreak/database';
import type { EntityManager } from 'typeorm';
import { postHidden } from '../moderation/visibility.queries';
import type { FeedWrite } from './feed-write';

/**
 * What a change to what hangs off a post needs of it: its author, for a deletion its photo, and for
 * a like or comment whether moderation hides it (then only its author may still see it).
 */
export interface LockedPostRow {
  authorId: string;
  imageUrl: string | null;
  isHidden: boolean;
}

/** A locked post of a batch: its author, and whether moderation hides it. */
export type LockedPost = Pick<LockedPostRow, 'authorId' | 'isHidden'>;

const LOCK_POSTS: NamedStatement = {
  name: 'posts_lock_many',
  text: `SELECT p.id, p.author_id AS "authorId", ${postHidden('p')} AS "isHidden"
         FROM posts p WHERE p.id = ANY($1::uuid[]) ORDER BY p.id FOR UPDATE OF p`,
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
    `SELECT p.author_id AS "authorId", p.image_url AS "imageUrl", ${postHidden('p')} AS "isHidden"
     FROM posts p WHERE p.id = $1 FOR UPDATE OF p`,
    [postId],
  );
  return post;
}

/** Locks the posts that exist among `postIds`, in id order, and answers each one's author and state. */
export function lockPosts(
  { manager }: FeedWrite,
  postIds: string[],
): Promise<(LockedPost & { id: string })[]> {
  return queryNamed<LockedPost & { id: string }>(manager, LOCK_POSTS, [postIds]);
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
