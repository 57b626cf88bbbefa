import { Injectable } from '@nestjs/common';
import type { Transaction } from '@daybreak/messaging';
import { FeedCache } from '../posts/feed-cache';
import { setAuthorSuspended, setCommentHidden, setPostHidden } from './moderation.queries';

/**
 * Applies social's moderation decisions (issue 42). Each one changes what feed pages show, so it is a
 * feed write: the cached pages drop when it commits. A decision about a post or comment deleted
 * meanwhile changes nothing.
 */
@Injectable()
export class ModerationService {
  constructor(private readonly feedCache: FeedCache) {}

  /** Hides the post, or shows it again (UNHIDE: ADR 0035). */
  hidePost(tx: Transaction, postId: string, hidden: boolean): Promise<void> {
    return this.feedCache.writeIn(tx, ({ manager }) => setPostHidden(manager, postId, hidden));
  }

  /** Hides the comment, or shows it again (UNHIDE). */
  hideComment(tx: Transaction, commentId: string, hidden: boolean): Promise<void> {
    return this.feedCache.writeIn(tx, ({ manager }) => setCommentHidden(manager, commentId, hidden));
  }

  /** A suspended author's posts and comments are hidden while it lasts (and show again after). */
  suspend(tx: Transaction, authorId: string, suspended: boolean): Promise<void> {
    return this.feedCache.writeIn(tx, ({ manager }) => setAuthorSuspended(manager, authorId, suspended));
  }
}
