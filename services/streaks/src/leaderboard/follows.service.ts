import { Injectable } from '@nestjs/common';
import type { EventPayload } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import { deleteFollow, insertFollow } from './leaderboard.queries';

/**
 * The follow read model, fed by social's follow events: who is on a member's leaderboard. Both
 * events are keyed by the follower, so one member's follows and unfollows arrive in order.
 */
@Injectable()
export class FollowsService {
  follow(tx: Transaction, follow: EventPayload<'user.followed'>): Promise<void> {
    return insertFollow(tx.manager, follow);
  }

  unfollow(tx: Transaction, follow: EventPayload<'user.unfollowed'>): Promise<void> {
    return deleteFollow(tx.manager, follow);
  }
}
