import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { LikeToggleResult, Post as PostDto } from '@daybreak/contracts';
import { UnitOfWork } from '@daybreak/database';
import { EntityManager, Repository } from 'typeorm';
import { Like } from '../likes/like.entity';
import { classifyPostTime, isEarlyMorning } from './domain/time-classification';
import { CreatePostInput } from './dto/create-post.dto';
import { PostContextLoader } from './post-context.loader';
import { Post } from './post.entity';
import { toPostDto } from './post.mapper';
import { NotYourPostError, PostNotFoundError } from './posts.errors';

/** Locks a post for a counter change; concurrent likes of one post queue up instead of racing. */
export async function lockPost(manager: EntityManager, postId: string): Promise<Post> {
  const post = await manager.findOne(Post, { where: { id: postId }, lock: { mode: 'pessimistic_write' } });
  if (!post) throw new PostNotFoundError();
  return post;
}

@Injectable()
export class PostsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly context: PostContextLoader,
    @InjectRepository(Post) private readonly posts: Repository<Post>,
  ) {}

  /** Stores the post with its classification and queues `post.created`, in one transaction. */
  async create(authorId: string, input: CreatePostInput, now = new Date()): Promise<PostDto> {
    const timeClassification = classifyPostTime(now, input.timezone);
    const post = await this.unitOfWork.run(async (tx) => {
      const saved = await tx.manager.save(
        tx.manager.create(Post, {
          authorId,
          content: input.content,
          imageUrl: input.imageUrl ?? null,
          timezone: input.timezone,
          timeClassification,
          createdAt: now,
        }),
      );
      tx.publish('post.created', {
        postId: saved.id,
        authorId,
        createdAt: saved.createdAt.toISOString(),
        timezone: saved.timezone,
        timeClassification,
        isEarlyMorning: isEarlyMorning(timeClassification),
        hasImage: saved.imageUrl !== null,
      });
      return saved;
    });
    return this.present([post], authorId).then(([dto]) => dto);
  }

  /** Newest first; a constant number of queries per page (see PostContextLoader). */
  async feed(page: { limit: number; offset: number }, viewerId: string | null): Promise<PostDto[]> {
    const posts = await this.posts.find({
      order: { createdAt: 'DESC', id: 'DESC' },
      take: page.limit,
      skip: page.offset,
    });
    return this.present(posts, viewerId);
  }

  async findOne(id: string, viewerId: string | null): Promise<PostDto> {
    const [dto] = await this.present([await this.findPost(id)], viewerId);
    return dto;
  }

  /** Only the author may delete a post; its likes and comments go with it. */
  async delete(id: string, viewerId: string): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      const post = await lockPost(tx.manager, id);
      if (post.authorId !== viewerId) throw new NotYourPostError();
      await tx.manager.delete(Post, { id });
      tx.publish('post.deleted', { postId: id, authorId: post.authorId });
    });
  }

  /** Likes or unlikes for the viewer and answers the resulting state, which the UI settles to. */
  async toggleLike(postId: string, viewerId: string): Promise<LikeToggleResult> {
    return this.unitOfWork.run(async (tx) => {
      // With the post locked, its counter and its like rows change together, one toggle at a time.
      const post = await lockPost(tx.manager, postId);
      const { affected } = await tx.manager.delete(Like, { postId, userId: viewerId });
      const isLiked = !affected;
      if (isLiked) await tx.manager.insert(Like, { postId, userId: viewerId });
      const likesCount = post.likesCount + (isLiked ? 1 : -1);
      // Plain SQL: a like is not an edit of the post, so updated_at stays as it is.
      await tx.manager.query(`UPDATE posts SET likes_count = $2 WHERE id = $1`, [postId, likesCount]);
      tx.publish(isLiked ? 'post.liked' : 'post.unliked', {
        postId,
        postAuthorId: post.authorId,
        likerId: viewerId,
      });
      return { isLiked, likesCount };
    });
  }

  async likeStatus(postId: string, viewerId: string): Promise<{ isLiked: boolean }> {
    await this.findPost(postId);
    return { isLiked: await this.posts.manager.existsBy(Like, { postId, userId: viewerId }) };
  }

  async findPost(id: string): Promise<Post> {
    const post = await this.posts.findOneBy({ id });
    if (!post) throw new PostNotFoundError();
    return post;
  }

  private async present(posts: Post[], viewerId: string | null): Promise<PostDto[]> {
    const context = await this.context.load(posts, viewerId);
    return posts.map((post) => toPostDto(post, context));
  }
}
