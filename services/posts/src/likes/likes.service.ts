import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { NamedStatement, queryNamed } from '@daybreak/database';
import type { LikeStatus, LikeToggleResult } from '@daybreak/contracts';
import { EventOrigin, currentEventOrigin } from '@daybreak/messaging';
import { Repository } from 'typeorm';
import { FeedCache } from '../posts/feed-cache';
import { PostsService } from '../posts/posts.service';
import { PostNotFoundError } from '../posts/posts.errors';
import { GroupCommit, ItemOutcome } from './group-commit';
import { Like } from './like.entity';

/** The most toggles one transaction writes. */
const MAX_TOGGLES_A_BATCH = 100;

/**
 * One round-trip for a batch of toggles, each of a different (post, member) pair: removes each
 * member's like, or adds it where there was none, and moves each post's counter by the sum of its
 * changes (a like is not an edit: updated_at stays). Answers every toggle's new state with its
 * post's count once the whole batch is in.
 */
const TOGGLE_LIKES: NamedStatement = {
  name: 'likes_toggle',
  text: `
  WITH toggles AS (SELECT * FROM unnest($1::uuid[], $2::uuid[]) AS toggle (post_id, user_id)),
  removed AS (
    DELETE FROM likes USING toggles
    WHERE likes.post_id = toggles.post_id AND likes.user_id = toggles.user_id
    RETURNING likes.post_id, likes.user_id
  ),
  added AS (
    INSERT INTO likes (post_id, user_id)
    SELECT post_id, user_id FROM toggles
    WHERE NOT EXISTS (
      SELECT 1 FROM removed WHERE removed.post_id = toggles.post_id AND removed.user_id = toggles.user_id
    )
    RETURNING post_id, user_id
  ),
  changes AS (
    SELECT post_id, user_id, true AS is_liked FROM added
    UNION ALL SELECT post_id, user_id, false FROM removed
  ),
  counted AS (
    UPDATE posts SET likes_count = likes_count + delta.sum
    FROM (SELECT post_id, sum(CASE WHEN is_liked THEN 1 ELSE -1 END) FROM changes GROUP BY post_id) AS delta
    WHERE posts.id = delta.post_id
    RETURNING posts.id, posts.likes_count
  )
  SELECT changes.post_id, changes.user_id, changes.is_liked, counted.likes_count
  FROM changes JOIN counted ON counted.id = changes.post_id`,
};

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

interface ToggledRow {
  post_id: string;
  user_id: string;
  is_liked: boolean;
  likes_count: number;
}

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

  async status(postId: string, viewerId: string): Promise<LikeStatus> {
    await this.posts.findPost(postId);
    return { isLiked: await this.likes.existsBy({ postId, userId: viewerId }) };
  }

  /** Writes a batch of toggles (each of a different pair) in one transaction. */
  private toggleAll(batch: Toggle[]): Promise<ItemOutcome<LikeToggleResult>[]> {
    return this.feedCache.write(async (tx) => {
      // With their posts locked, counters and like rows change together, one transaction at a time.
      // The toggles are a statement of their own after the locks, so they see what committed before.
      const authors = await this.posts.lockAllForUpdate(tx, [...new Set(batch.map((t) => t.postId))]);
      const found = batch.filter(({ postId }) => authors.has(postId));
      if (found.length === 0) return batch.map(() => ({ error: new PostNotFoundError() }));
      const rows = await queryNamed<ToggledRow>(tx.manager, TOGGLE_LIKES, [
        found.map(({ postId }) => postId),
        found.map(({ viewerId }) => viewerId),
      ]);
      const toggled = new Map(rows.map((row) => [pairKey(row.post_id, row.user_id), row]));
      return batch.map(({ postId, viewerId, origin, occurredAt }) => {
        const row = toggled.get(pairKey(postId, viewerId));
        if (!row) return { error: new PostNotFoundError() };
        tx.publish(
          row.is_liked ? 'post.liked' : 'post.unliked',
          { postId, postAuthorId: authors.get(postId)!, likerId: viewerId },
          { origin, occurredAt },
        );
        return { value: { isLiked: row.is_liked, likesCount: row.likes_count } };
      });
    });
  }
}
