import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { LikeStatus, LikeToggleResult } from '@daybreak/contracts';
import { EventOrigin, currentEventOrigin } from '@daybreak/messaging';
import { Repository } from 'typeorm';
import { FeedCache } from '../posts/feed-cache';
import { PostsService } from '../posts/posts.service';
import { PostNotFoundError } from '../posts/posts.errors';
import { postFound } from '../posts/post-access.queries';
import { BlockedLikeError } from '../safety/safety.errors';
import { blockedPairs } from '../safety/safety.queries';
import { GroupCommit, ItemOutcome } from './group-commit';
import { Like } from './like.entity';
import { toggleLikes } from './likes.queries';

/** The most toggles one transaction writes. */
const MAX_TOGGLES_A_BATCH = 100;

/** A member's like or unlike of a post, with where it came from (for its event). */
interface Toggle {
  postId: string;
  viewerId: string;
  origin: EventOrigin;
  /** When the member asked, which the event carries (not when its group commit ran). */
  occurredAt: Date;
}

/** A (post, member) pair: one batch toggles it once at most, and finds its row by it. */
const pairKey = (postId: string, memberId: string) => `${postId}:${memberId}`;

@Injectable()
export class LikesService {
  /**
   * Toggles that arrive while a transaction of toggles is being written go together in the next
   * one (group commit): under load, one transaction and its few round trips serve many likes.
   */
  private readonly toggles = new GroupCommit<Toggle, LikeToggleResult>((batch) => this.toggleAll(batch), {
    maxBatch: MAX_TOGGLES_A_BATCH,
    keyOf: ({ postId, viewerId }) => pairKey(postId, viewerId),
  });

  constructor(
    private readonly posts: PostsService,
    private readonly feedCache: FeedCache,
    @InjectRepository(Like) private readonly likes: Repository<Like>,
  ) {}

  /**
   * Likes or unlikes for the viewer and answers the resulting state, which the UI settles to. `now`:
   * when (the demo seed's likes were given on past mornings).
   */
  toggle(postId: string, viewerId: string, now = new Date()): Promise<LikeToggleResult> {
    // Lower case, as Postgres answers ids: the batch finds each toggle's row by its ids.
    return this.toggles.submit({
      postId: postId.toLowerCase(),
      viewerId: viewerId.toLowerCase(),
      origin: currentEventOrigin(),
      occurredAt: now,
    });
  }

  /**
   * A post the viewer doesn't find (moderation hides it, a block stands between them and its author)
   * is not found here either: a status would tell it exists.
   */
  async status(postId: string, viewerId: string): Promise<LikeStatus> {
    if (!(await postFound(this.likes.manager, postId, viewerId))) throw new PostNotFoundError();
    return { isLiked: await this.likes.existsBy({ postId, userId: viewerId }) };
  }

  /** Writes a batch of toggles (each of a different pair) in one transaction. */
  private toggleAll(batch: Toggle[]): Promise<ItemOutcome<LikeToggleResult>[]> {
    return this.feedCache.write(async (tx) => {
      // With their posts locked, counters and like rows change together, one transaction at a time.
      // The toggles are a statement of their own after the locks, so they see what committed before.
      const posts = await this.posts.lockAllForUpdate(tx, [...new Set(batch.map((t) => t.postId))]);
      // A post moderation hides is not found by anyone but its author, who sees it but gets no new
      // likes: Mastodon's rule, a status one may not see is one one may not favourite (ADR 0025).
      const seen = ({ postId, viewerId }: Toggle) => {
        const post = posts.get(postId);
        return post !== undefined && (!post.isHidden || post.authorId === viewerId);
      };
      // Across a block, either way, neither likes nor unlikes the other's posts (issue 42).
      const blocked = await blockedPairs(
        tx.manager,
        batch
          .filter(seen)
          .map(({ postId, viewerId }) => ({ memberId: viewerId, otherId: posts.get(postId)!.authorId })),
      );
      const refused = ({ postId, viewerId }: Toggle) =>
        blocked.has(`${viewerId}:${posts.get(postId)?.authorId}`);
      const found = batch.filter((toggle) => seen(toggle) && !refused(toggle));
      const rows = found.length === 0 ? [] : await toggleLikes(tx, found);
      const toggled = new Map(rows.map((row) => [pairKey(row.post_id, row.user_id), row]));
      return batch.map((toggle) => {
        const { postId, viewerId, origin, occurredAt } = toggle;
        if (!seen(toggle)) return { error: new PostNotFoundError() };
        if (refused(toggle)) return { error: new BlockedLikeError() };
        const row = toggled.get(pairKey(postId, viewerId));
        if (!row) return { error: new PostNotFoundError() };
        tx.publish(
          row.is_liked ? 'post.liked' : 'post.unliked',
          { postId, postAuthorId: posts.get(postId)!.authorId, likerId: viewerId },
          { origin, occurredAt },
        );
        return { value: { isLiked: row.is_liked, likesCount: row.likes_count } };
      });
    });
  }
}
