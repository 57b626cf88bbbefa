import { Injectable, Logger } from '@nestjs/common';
import { PostsClient } from '../downstream/posts.client';
import type { SafetyChange } from '../downstream/safety.client';

/**
 * Reading one's own block or mute at once (ADR 0024): social's answer says the member's safety
 * version, and the member is answered only once posts has applied it and dropped its feed pages
 * (this gateway's copies go by posts' version, which that drop moves), so their very next feed read
 * no longer shows the member they blocked or muted. Posts waits a bounded time; should it be slow or
 * away, the change (made in social) is answered anyway and shows a moment later.
 */
@Injectable()
export class OwnChangeVisible {
  private readonly logger = new Logger(OwnChangeVisible.name);

  constructor(private readonly posts: PostsClient) {}

  async answer<T>(viewerId: string, change: Promise<SafetyChange<T>>): Promise<T> {
    const { result, version } = await change;
    if (!(version > 0)) return result;
    try {
      const { caughtUp } = await this.posts.caughtUp(viewerId, version);
      if (!caughtUp) this.logger.warn(`posts had not applied safety version ${version} in time`);
    } catch (error) {
      this.logger.warn(`posts could not confirm safety version ${version}: ${(error as Error).message}`);
    }
    return result;
  }
}
