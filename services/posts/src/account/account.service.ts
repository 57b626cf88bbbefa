import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EventPayload, PostsExport } from '@daybreak/contracts';
import type { Transaction } from '@daybreak/messaging';
import { DataSource } from 'typeorm';
import { FeedCache } from '../posts/feed-cache';
import { commentsOf, eraseMember, likesOf, postsOf } from './account.queries';

/** A member's account as posts holds it: erased when they leave, exported when they ask. */
@Injectable()
export class AccountService {
  constructor(
    private readonly feedCache: FeedCache,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * user.deleted: erases what posts holds of the member (eraseMember). Each of their posts goes as
   * a deletion by its author does, with its `post.deleted`, so the services that keep something of
   * a post (its photo, its early activity, its notifications) drop it by the same path; a replay
   * finds nothing left and publishes nothing.
   */
  erase(tx: Transaction, { userId }: EventPayload<'user.deleted'>): Promise<void> {
    return this.feedCache.writeIn(tx, async (write) => {
      for (const post of await eraseMember(write, userId))
        write.publish('post.deleted', { postId: post.id, authorId: userId, imageUrl: post.imageUrl });
    });
  }

  async export(userId: string): Promise<PostsExport> {
    const manager = this.dataSource.manager;
    const [posts, comments, likes] = await Promise.all([
      postsOf(manager, userId),
      commentsOf(manager, userId),
      likesOf(manager, userId),
    ]);
    return { posts, comments, likes };
  }
}
