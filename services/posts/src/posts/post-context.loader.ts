import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { FEED_COMMENT_PREVIEW } from '@daybreak/contracts';
import { DataSource } from 'typeorm';
import { AuthorsService } from '../authors/authors.service';
import { Comment } from '../comments/comment.entity';
import { Post } from './post.entity';
import { PostContext } from './post.mapper';

/**
 * Loads everything a list of posts shows besides the posts themselves, in a fixed number of queries
 * whatever the page size: the first comments of every post, the viewer's likes among them, and
 * every author involved (of posts and of comments).
 */
@Injectable()
export class PostContextLoader {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly authors: AuthorsService,
  ) {}

  async load(posts: Post[], viewerId: string | null): Promise<PostContext> {
    if (posts.length === 0) return { authors: new Map(), likedPostIds: new Set(), previews: new Map() };
    const postIds = posts.map((post) => post.id);
    const [previews, likedPostIds] = await Promise.all([
      this.previews(postIds),
      this.likedBy(viewerId, postIds),
    ]);
    const userIds = new Set(posts.map((post) => post.authorId));
    for (const comments of previews.values()) for (const comment of comments) userIds.add(comment.authorId);
    return { authors: await this.authors.byIds(userIds), likedPostIds, previews };
  }

  private async previews(postIds: string[]): Promise<Map<string, Comment[]>> {
    const rows: { id: string; post_id: string; author_id: string; content: string; created_at: Date }[] =
      await this.dataSource.query(
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

  private async likedBy(viewerId: string | null, postIds: string[]): Promise<Set<string>> {
    if (!viewerId) return new Set();
    const rows: { post_id: string }[] = await this.dataSource.query(
      `SELECT post_id FROM likes WHERE user_id = $1 AND post_id = ANY($2::uuid[])`,
      [viewerId, postIds],
    );
    return new Set(rows.map((row) => row.post_id));
  }
}
