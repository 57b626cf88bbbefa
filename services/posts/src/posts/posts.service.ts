import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Post as PostDto } from '@daybreak/contracts';
import { UnitOfWork } from '@daybreak/messaging';
import { EntityManager, Repository } from 'typeorm';
import { canDeletePost } from './domain/post-ownership';
import { Author } from '../authors/author.entity';
import { classificationZone, classifyPostTime, isEarlyMorning } from './domain/time-classification';
import { CreatePostInput } from './dto/create-post.dto';
import { PostContextLoader } from './post-context.loader';
import { Post } from './post.entity';
import { toPostDto } from './post.mapper';
import { NotYourPostError, PostNotFoundError } from './posts.errors';

@Injectable()
export class PostsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly context: PostContextLoader,
    @InjectRepository(Post) private readonly posts: Repository<Post>,
  ) {}

  /** Stores the post with its classification and queues `post.created`, in one transaction. */
  async create(authorId: string, input: CreatePostInput, now = new Date()): Promise<PostDto> {
    const post = await this.unitOfWork.run(async (tx) => {
      const author = await tx.manager.findOneBy(Author, { userId: authorId });
      const timezone = classificationZone(input.timezone, author?.timezone);
      const timeClassification = classifyPostTime(now, timezone);
      const saved = await tx.manager.save(
        tx.manager.create(Post, {
          authorId,
          content: input.content,
          imageUrl: input.imageUrl ?? null,
          timezone,
          sentTimezone: input.timezone,
          timeClassification,
          createdAt: now,
        }),
      );
      tx.publish('post.created', {
        postId: saved.id,
        authorId,
        createdAt: saved.createdAt.toISOString(),
        timezone: saved.timezone,
        timeClassification: saved.timeClassification,
        isEarlyMorning: isEarlyMorning(saved.timeClassification),
        hasImage: saved.imageUrl !== null,
        imageUrl: saved.imageUrl,
      });
      return saved;
    });
    return this.present([post], authorId).then(([dto]) => dto);
  }

  /**
   * Newest first, everyone's or one author's (`posts_author_idx`); a constant number of queries per
   * page (see PostContextLoader).
   */
  async feed(
    page: { limit: number; offset: number; authorId?: string },
    viewerId: string | null,
  ): Promise<PostDto[]> {
    const posts = await this.posts.find({
      where: page.authorId ? { authorId: page.authorId } : {},
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
      const post = await this.lockForUpdate(tx.manager, id);
      if (!canDeletePost(post, viewerId)) throw new NotYourPostError();
      await tx.manager.delete(Post, { id });
      tx.publish('post.deleted', { postId: id, authorId: post.authorId, imageUrl: post.imageUrl });
    });
  }

  /**
   * Locks a post inside the caller's transaction, for a change to what hangs off it (a like, a
   * comment and their counters): concurrent changes to one post queue up instead of racing.
   */
  async lockForUpdate(manager: EntityManager, postId: string): Promise<Post> {
    const post = await manager.findOne(Post, { where: { id: postId }, lock: { mode: 'pessimistic_write' } });
    if (!post) throw new PostNotFoundError();
    return post;
  }

  /** Adds `delta` to one of the post's counters. Plain SQL: a like is not an edit, updated_at stays. */
  async adjustCount(
    manager: EntityManager,
    postId: string,
    counter: 'likes_count' | 'comments_count',
    delta: 1 | -1,
  ): Promise<void> {
    await manager.query(`UPDATE posts SET ${counter} = ${counter} + $2 WHERE id = $1`, [postId, delta]);
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
