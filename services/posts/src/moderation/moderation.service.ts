import { Injectable } from '@nestjs/common';
import type { Transaction } from '@daybreak/messaging';
import { FeedCache } from '../posts/feed-cache';

/**
 * Applies social's moderation decisions (issue 42). Each one changes what feed pages show, so it is a
 * feed write: the cached pages drop when it commits. A decision about a post or comment deleted
 * meanwhile changes nothing.
 */
@Injectable()
export class ModerationService {
  constructor(private readonly feedCache: FeedCache) {}

  hidePost(tx: Transaction, postId: string): Promise<void> {
    return this.feedCache.writeIn(tx, async ({ manager }) => {
      await manager.query(
        `INSERT INTO hidden_posts (post_id) SELECT id FROM posts WHERE id = $1 ON CONFLICT DO NOTHING`,
        [postId],
      );
    });
  }

  hideComment(tx: Transaction, commentId: string): Promise<void> {
    return this.feedCache.writeIn(tx, async ({ manager }) => {
      await manager.query(
        `INSERT INTO hidden_comments (comment_id) SELECT id FROM comments WHERE id = $1 ON CONFLICT DO NOTHING`,
        [commentId],
      );
    });
  }

  /** A suspended author's posts and comments are hidden while it lasts (and show again after). */
  suspend(tx: Transaction, authorId: string, suspended: boolean): Promise<void> {
    return this.feedCache.writeIn(tx, async ({ manager }) => {
      await manager.query(
        suspended
          ? `INSERT INTO suspended_authors (author_id) VALUES ($1) ON CONFLICT DO NOTHING`
          : `DELETE FROM suspended_authors WHERE author_id = $1`,
        [authorId],
      );
    });
  }
}
