import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Comment as CommentDto } from '@daybreak/contracts';
import { Repository } from 'typeorm';
import { AuthorsService } from '../authors/authors.service';
import { toCommentDto } from '../posts/post.mapper';
import { FeedCache } from '../posts/feed-cache';
import { PostsService } from '../posts/posts.service';
import { PostNotFoundError } from '../posts/posts.errors';
import { BlockedCommentError } from '../safety/safety.errors';
import { blockStandsBetween } from '../safety/safety.queries';
import { Comment } from './comment.entity';
import { commentsVisibleTo } from './comments.queries';
import { commentVisibility } from '../moderation/comment-visibility.queries';
import { CommentNotFoundError, NotYourCommentError } from './comments.errors';
import { canDeleteComment } from './domain/comment-ownership';
import { CreateCommentInput } from './dto/comment.dto';

/** How much of a comment travels in its event: enough for a notification line. */
const EXCERPT_LENGTH = 100;
/** A post's comment list is short in practice; the cap keeps one response bounded. */
const MAX_COMMENTS = 500;

@Injectable()
export class CommentsService {
  constructor(
    private readonly posts: PostsService,
    @InjectRepository(Comment) private readonly comments: Repository<Comment>,
    private readonly authors: AuthorsService,
    private readonly feedCache: FeedCache,
  ) {}

  /**
   * Oldest first, as a conversation reads; without what moderation hid from `viewerId` (issue 42:
   * a hidden post's comments are not found, a hidden comment is shown to its author alone). Across a
   * block (either way) with its author the post is not found, as its page; across a block with a
   * commenter, their comments are left out (ADR 0024).
   */
  async list(postId: string, viewerId: string | null): Promise<CommentDto[]> {
    const { manager } = this.comments;
    const visibility = await commentVisibility(manager, postId, viewerId);
    if (!visibility.postVisible) throw new PostNotFoundError();
    const comments = (await commentsVisibleTo(manager, postId, viewerId, MAX_COMMENTS)).filter(
      (comment) => !visibility.hidden.has(comment.id) || comment.authorId === viewerId,
    );
    const byId = await this.authors.byIds(comments.map((comment) => comment.authorId));
    return comments.map((comment) =>
      toCommentDto(comment, byId.get(comment.authorId), visibility.hidden.has(comment.id)),
    );
  }

  /** `now`: when it was written (the demo seed's comments were written on past mornings). */
  async create(
    postId: string,
    authorId: string,
    input: CreateCommentInput,
    now = new Date(),
  ): Promise<CommentDto> {
    const comment = await this.feedCache.write(async (tx) => {
      const post = await this.posts.lockForUpdate(tx, postId);
      // Only its author still sees a post moderation hides; nobody else finds it to comment on
      // (as a status on Mastodon: one may reply only to what one may see; ADR 0025).
      if (post.isHidden && post.authorId !== authorId) throw new PostNotFoundError();
      // Across a block, either way, neither comments on the other's posts (issue 42).
      if (await blockStandsBetween(tx.manager, authorId, post.authorId)) throw new BlockedCommentError();
      const saved = await tx.manager.save(
        tx.manager.create(Comment, { postId, authorId, content: input.content, createdAt: now }),
      );
      await this.posts.adjustCount(tx, postId, 'comments_count', 1);
      tx.publish(
        'comment.created',
        {
          commentId: saved.id,
          postId,
          postAuthorId: post.authorId,
          authorId,
          excerpt: saved.content.slice(0, EXCERPT_LENGTH),
        },
        { occurredAt: now },
      );
      return saved;
    });
    const authors = await this.authors.byIds([authorId]);
    return toCommentDto(comment, authors.get(authorId));
  }

  /** The comment's author may delete it, and so may the author of the post it is on. */
  async delete(postId: string, commentId: string, viewerId: string): Promise<void> {
    await this.feedCache.write(async (tx) => {
      const post = await this.posts.lockForUpdate(tx, postId);
      const comment = await tx.manager.findOneBy(Comment, { id: commentId, postId });
      if (!comment) throw new CommentNotFoundError();
      if (!canDeleteComment(comment, post, viewerId)) throw new NotYourCommentError();
      await tx.manager.delete(Comment, { id: commentId });
      await this.posts.adjustCount(tx, postId, 'comments_count', -1);
    });
  }
}
