import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { EventOf, OnEvent, Transaction } from '@daybreak/messaging';

/**
 * The follow read model, fed by social's follow events. Both are keyed by the follower, so one
 * member's follows and unfollows arrive in order.
 */
@Controller()
export class FollowsConsumer {
  @OnEvent('user.followed')
  async onFollowed(@Payload() event: EventOf<'user.followed'>, @Ctx() tx: Transaction): Promise<void> {
    await tx.manager.query(
      `INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [event.payload.followerId, event.payload.followeeId],
    );
  }

  @OnEvent('user.unfollowed')
  async onUnfollowed(@Payload() event: EventOf<'user.unfollowed'>, @Ctx() tx: Transaction): Promise<void> {
    await tx.manager.query(`DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2`, [
      event.payload.followerId,
      event.payload.followeeId,
    ]);
  }
}
