import { FEED_COMMENT_PREVIEW } from '@daybreak/contracts';
import type { Post as PostDto } from '@daybreak/contracts';
import { DataSource, In } from 'typeorm';
import { Author } from '../src/authors/author.entity';
import { Comment } from '../src/comments/comment.entity';
import { isEarlyMorning } from '../src/posts/domain/time-classification';
import { Post } from '../src/posts/post.entity';
import { toCommentDto, toUserSummary } from '../src/posts/post.mapper';

/**
 * The feed as the service answered it before PostJsonQuery: TypeORM entities, then the first
 * comments, the viewer's likes and the authors in separate queries, mapped in JavaScript. Kept only
 * as the reference the single-statement feed must equal (test/feed-equivalence.int-spec.ts).
 */
export async function referenceFeed(
  dataSource: DataSource,
  page: { limit: number; offset: number; authorId?: string },
  viewerId: string | null,
): Promise<PostDto[]> {
  const posts = await dataSource.getRepository(Post).find({
    where: page.authorId ? { authorId: page.authorId } : {},
    order: { createdAt: 'DESC', id: 'DESC' },
    take: page.limit,
    skip: page.offset,
  });
  if (posts.length === 0) return [];
  const postIds = posts.map((post) => post.id);
  const previews = await firstComments(dataSource, postIds);
  const liked = await likedBy(dataSource, viewerId, postIds);
  const userIds = new Set(posts.map((post) => post.authorId));
  for (const comments of previews.values()) for (const comment of comments) userIds.add(comment.authorId);
  const authorRows = await dataSource.getRepository(Author).findBy({ userId: In([...userIds]) });
  const authors = new Map(authorRows.map((author) => [author.userId, author]));
  return posts.map((post) => ({
    id: post.id,
    content: post.content,
    imageUrl: post.imageUrl,
    userId: post.authorId,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    timezone: post.timezone,
    timeClassification: post.timeClassification,
    isEarlyMorning: isEarlyMorning(post.timeClassification),
    likesCount: post.likesCount,
    commentsCount: post.commentsCount,
    isLiked: liked.has(post.id),
    user: toUserSummary(post.authorId, authors.get(post.authorId)),
    // Nothing here was moderated (issue 42: the field says what a moderator hid, to its author).
    isHidden: false,
    comments: (previews.get(post.id) ?? []).map((comment) =>
      toCommentDto(comment, authors.get(comment.authorId)),
    ),
  }));
}

async function firstComments(dataSource: DataSource, postIds: string[]): Promise<Map<string, Comment[]>> {
  const rows: { id: string; post_id: string; author_id: string; content: string; created_at: Date }[] =
    await dataSource.query(
      `SELECT id, post_id, author_id, content, created_at FROM (
         SELECT c.*, row_number() OVER (PARTITION BY c.post_id ORDER BY c.created_at, c.id) AS position
         FROM comments c WHERE c.post_id = ANY($1::uuid[])
       ) ranked
       WHERE position <= $2
       ORDER BY created_at, id`,
      [postIds, FEED_COMMENT_PREVIEW],
    );
  const byPost = new Map<string, Comment[]>();
  for (const row of rows) {
    const list = byPost.get(row.post_id) ?? [];
    list.push({
      id: row.id,
      postId: row.post_id,
      authorId: row.author_id,
      content: row.content,
      createdAt: row.created_at,
    });
    byPost.set(row.post_id, list);
  }
  return byPost;
}

async function likedBy(
  dataSource: DataSource,
  viewerId: string | null,
  postIds: string[],
): Promise<Set<string>> {
  if (!viewerId) return new Set();
  const rows: { post_id: string }[] = await dataSource.query(
    `SELECT post_id FROM likes WHERE user_id = $1 AND post_id = ANY($2::uuid[])`,
    [viewerId, postIds],
  );
  return new Set(rows.map((row) => row.post_id));
}
