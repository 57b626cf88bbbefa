import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Post as PostDto } from '@daybreak/contracts';
import { UnitOfWork } from '@daybreak/database';
import { In, Repository } from 'typeorm';
import { Author } from '../authors/author.entity';
import { classifyPostTime, isEarlyMorning } from './domain/time-classification';
import { CreatePostInput } from './dto/create-post.dto';
import { Post } from './post.entity';
import { toPostDto } from './post.mapper';
import { PostNotFoundError } from './posts.errors';

@Injectable()
export class PostsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    @InjectRepository(Post) private readonly posts: Repository<Post>,
    @InjectRepository(Author) private readonly authors: Repository<Author>,
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
    const author = await this.authors.findOneBy({ userId: authorId });
    return toPostDto(post, author, { isLiked: false });
  }

  /** Newest first. A constant number of queries per page: posts, then their authors in one go. */
  async feed(page: { limit: number; offset: number }): Promise<PostDto[]> {
    const posts = await this.posts.find({
      order: { createdAt: 'DESC', id: 'DESC' },
      take: page.limit,
      skip: page.offset,
    });
    const authors = await this.authorsOf(posts);
    return posts.map((post) => toPostDto(post, authors.get(post.authorId), { isLiked: false }));
  }

  async findOne(id: string): Promise<PostDto> {
    const post = await this.posts.findOneBy({ id });
    if (!post) throw new PostNotFoundError();
    const author = await this.authors.findOneBy({ userId: post.authorId });
    return toPostDto(post, author, { isLiked: false });
  }

  private async authorsOf(posts: Post[]): Promise<Map<string, Author>> {
    const ids = [...new Set(posts.map((post) => post.authorId))];
    if (ids.length === 0) return new Map();
    const authors = await this.authors.findBy({ userId: In(ids) });
    return new Map(authors.map((author) => [author.userId, author]));
  }
}
