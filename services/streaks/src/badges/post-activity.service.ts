import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@daybreak/contracts';
import { Transaction, UnitOfWork } from '@daybreak/messaging';
import { StreaksService } from '../streaks/streaks.service';
import { BadgesService, PostBadges } from './badges.service';

/**
 * The one code path for a new post, shared by the gateway's synchronous `evaluate` call and the
 * post.created handler: record the post, then award badges. Both steps are idempotent by post id, so
 * whichever runs second changes nothing, and both answer the same badges.
 */
@Injectable()
export class PostActivityService {
  constructor(
    private readonly streaks: StreaksService,
    private readonly badges: BadgesService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async apply(tx: Transaction, post: EventPayload<'post.created'>): Promise<PostBadges> {
    // The member's lock before the post's row: the gateway's call and the consumer meet on both (a
    // consumer's batch may have locked the member for an earlier post and then wait for this row).
    await this.badges.lockMember(tx, post.authorId);
    await this.streaks.recordPost(tx, post);
    const evaluation = await this.badges.award(tx, post.authorId, {
      postId: post.postId,
      at: new Date(post.createdAt),
    });
    return this.badges.postBadges(tx.manager, post.postId, evaluation);
  }

  /** The gateway's call right after the post is stored. */
  evaluate(post: EventPayload<'post.created'>): Promise<PostBadges> {
    return this.unitOfWork.run((tx) => this.apply(tx, post));
  }
}
