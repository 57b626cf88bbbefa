import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Post as PostDto, PostText } from '@daybreak/contracts';
import { Repository } from 'typeorm';
import { canDeletePost } from './domain/post-ownership';
import { Author } from '../authors/author.entity';
import { classificationZone, classifyPostTime, isEarlyMorning } from './domain/time-classification';
import { CreatePostInput } from './dto/create-post.dto';
import { FeedAnswer, FeedCache } from './feed-cache';
import type { FeedWrite } from './feed-write';
import { JsonText, PostJsonQuery } from './post-json.queries';
import { Post } from './post.entity';
import { NotYourPostError, PostNotFoundError } from './posts.errors';
import { LockedPost, LockedPostRow, adjustPostCount, lockPost, lockPosts, postTexts } from './posts.queries';

@Injectable()
export class PostsService {
  constructor(
    private readonly json: PostJsonQuery,
    private readonly feedCache: FeedCache,
    @InjectRepository(Post) private readonly posts: Repository<Post>,
  ) {}

  /** Stores the post with its classification and queues `post.created`, in one transaction. */
  create(authorId: string, input: CreatePostInput, now = new Date()): Promise<Post> {
    return this.feedCache.write(async (tx) => {
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
      tx.publish(
        'post.created',
        {
          postId: saved.id,
          authorId,
          createdAt: saved.createdAt.toISOString(),
          timezone: saved.timezone,
          timeClassification: saved.timeClassification,
          isEarlyMorning: isEarlyMorning(saved.timeClassification),
          hasImage: saved.imageUrl !== null,
          imageUrl: saved.imageUrl,
        },
        { occurredAt: now },
      );
      return saved;
    });
  }

  /**
   * Newest first, everyone's (`posts_feed_idx`) or one author's (`posts_author_idx`): one query per
   * page whatever its size (see PostJsonQuery).
   */
  async feed(
    page: { limit: number; offset: number; authorId?: string },
    viewerId: string | null,
  ): Promise<FeedAnswer> {
    if (this.feedCache.covers(page))
      return this.feedCache.page(page, viewerId, (viewer) => this.json.page(page, viewer));
    return { json: await this.json.page(page, viewerId) };
  }

  async findOne(id: string, viewerId: string | null): Promise<JsonText<PostDto>> {
    const json = await this.json.one(id, viewerId);
    if (json === null) throw new PostNotFoundError();
    return json;
  }

  /** The text of each post in `ids` that exists, in no particular order: one statement for them all. */
  texts(ids: string[]): Promise<PostText[]> {
    return postTexts(this.posts.manager, ids);
  }

  /** Only the author may delete a post; its likes and comments go with it. */
  async delete(id: string, viewerId: string): Promise<void> {
    await this.feedCache.write(async (tx) => {
      const post = await this.lockForUpdate(tx, id);
      if (!canDeletePost(post, viewerId)) throw new NotYourPostError();
      await tx.manager.delete(Post, { id });
      tx.publish('post.deleted', { postId: id, authorId: post.authorId, imageUrl: post.imageUrl });
    });
  }

  /**
   * Locks a post inside the caller's transaction, for a change to what hangs off it (a like, a
   * comment and their counters): concurrent changes to one post queue up instead of racing.
   */
  async lockForUpdate(write: FeedWrite, postId: string): Promise<LockedPostRow> {
    const post = await lockPost(write, postId);
    if (!post) throw new PostNotFoundError();
    return post;
  }

  /**
   * Locks several posts inside the caller's transaction, in id order (so two transactions that lock
   * some of the same posts never wait for each other in a circle), and answers each found post's
   * author (and whether moderation hides it) by id. A post that does not exist is not in the answer.
   */
  async lockAllForUpdate(write: FeedWrite, postIds: string[]): Promise<Map<string, LockedPost>> {
    const rows = await lockPosts(write, postIds);
    return new Map(rows.map(({ id, authorId, isHidden }) => [id, { authorId, isHidden }]));
  }

  /** Adds `delta` to one of the post's counters (a like is not an edit: updated_at stays). */
  async adjustCount(
    write: FeedWrite,
    postId: string,
    counter: 'likes_count' | 'comments_count',
    delta: 1 | -1,
  ): Promise<void> {
    await adjustPostCount(write, postId, counter, delta);
  }
}
