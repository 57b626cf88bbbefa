import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { LikeStatus, LikeToggleResult } from '@daybreak/contracts';
import { UnitOfWork } from '@daybreak/messaging';
import { Repository } from 'typeorm';
import { FeedCache } from '../posts/feed-cache';
import { PostsService } from '../posts/posts.service';
import { Like } from './like.entity';

/**
 * One round-trip for a toggle: removes the viewer's like, or adds it when there was none, and moves
 * the post's counter to match (a like is not an edit: updated_at stays).
 */
const TOGGLE_LIKE = `
  WITH removed AS (DELETE FROM likes WHERE post_id = $1 AND user_id = $2 RETURNING 1),
  added AS (
    INSERT INTO likes (post_id, user_id) SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM removed) RETURNING 1
  ),
  counted AS (
    UPDATE posts SET likes_count = likes_count + CASE WHEN EXISTS (SELECT 1 FROM added) THEN 1 ELSE -1 END
    WHERE id = $1 RETURNING likes_count
  )
  SELECT EXISTS (SELECT 1 FROM added) AS is_liked, likes_count FROM counted`;

@Injectable()
export class LikesService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly posts: PostsService,
    private readonly feedCache: FeedCache,
    @InjectRepository(Like) private readonly likes: Repository<Like>,
  ) {}

  /** Likes or unlikes for the viewer and answers the resulting state, which the UI settles to. */
  toggle(postId: string, viewerId: string): Promise<LikeToggleResult> {
    return this.unitOfWork.run(async (tx) => {
      // With the post locked, its counter and its like rows change together, one toggle at a time.
      // The toggle is a statement of its own after the lock, so it sees the toggles committed before.
      const post = await this.posts.lockForUpdate(tx.manager, postId);
      const [{ is_liked: isLiked, likes_count: likesCount }]: { is_liked: boolean; likes_count: number }[] =
        await tx.manager.query(TOGGLE_LIKE, [postId, viewerId]);
      this.feedCache.invalidateAfter(tx);
      tx.publish(isLiked ? 'post.liked' : 'post.unliked', {
        postId,
        postAuthorId: post.authorId,
        likerId: viewerId,
      });
      return { isLiked, likesCount };
    });
  }

  async status(postId: string, viewerId: string): Promise<LikeStatus> {
    await this.posts.findPost(postId);
    return { isLiked: await this.likes.existsBy({ postId, userId: viewerId }) };
  }
}
