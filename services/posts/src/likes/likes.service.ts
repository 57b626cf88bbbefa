import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { LikeStatus, LikeToggleResult } from '@daybreak/contracts';
import { UnitOfWork } from '@daybreak/messaging';
import { Repository } from 'typeorm';
import { PostsService } from '../posts/posts.service';
import { Like } from './like.entity';

@Injectable()
export class LikesService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly posts: PostsService,
    @InjectRepository(Like) private readonly likes: Repository<Like>,
  ) {}

  /** Likes or unlikes for the viewer and answers the resulting state, which the UI settles to. */
  toggle(postId: string, viewerId: string): Promise<LikeToggleResult> {
    return this.unitOfWork.run(async (tx) => {
      // With the post locked, its counter and its like rows change together, one toggle at a time.
      const post = await this.posts.lockForUpdate(tx.manager, postId);
      const { affected } = await tx.manager.delete(Like, { postId, userId: viewerId });
      const isLiked = !affected;
      if (isLiked) await tx.manager.insert(Like, { postId, userId: viewerId });
      await this.posts.adjustCount(tx.manager, postId, 'likes_count', isLiked ? 1 : -1);
      tx.publish(isLiked ? 'post.liked' : 'post.unliked', {
        postId,
        postAuthorId: post.authorId,
        likerId: viewerId,
      });
      return { isLiked, likesCount: post.likesCount + (isLiked ? 1 : -1) };
    });
  }

  async status(postId: string, viewerId: string): Promise<LikeStatus> {
    await this.posts.findPost(postId);
    return { isLiked: await this.likes.existsBy({ postId, userId: viewerId }) };
  }
}
