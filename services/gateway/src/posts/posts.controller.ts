import { MAX_UPLOAD_BYTES } from '@daybreak/contracts';
import {
  Body,
  Controller,
  Logger,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type {
  Badge,
  Comment,
  CreatePostResponse,
  LikeStatus,
  LikeToggleResult,
  Post as PostDto,
} from '@daybreak/contracts';
import { MemberGuard, SessionUser } from '../auth/session';
import { UuidParam } from '../downstream/path-param.pipe';
import { PostsClient } from '../downstream/posts.client';
import { PostBadges, StreaksClient } from '../downstream/streaks.client';
import { MediaClient } from '../media/media.client';
import { FileTooLargeInterceptor } from '../media/file-too-large.interceptor';
import { RateLimit, RateLimitGuard } from '../security/rate-limit';

interface CreatePostForm {
  content?: unknown;
  timezone?: unknown;
}

@Controller('api/posts')
@UseGuards(RateLimitGuard)
export class PostsController {
  private readonly logger = new Logger(PostsController.name);

  constructor(
    private readonly posts: PostsClient,
    private readonly media: MediaClient,
    private readonly streaks: StreaksClient,
  ) {}

  @Get()
  feed(
    @SessionUser() viewerId: string | null,
    @Query('limit') limit?: string,
    @Query('offset') offset?: string,
  ): Promise<PostDto[]> {
    return this.posts.feed(viewerId, { limit, offset });
  }

  @Get(':id')
  findOne(@SessionUser() viewerId: string | null, @Param('id', UuidParam) id: string): Promise<PostDto> {
    return this.posts.findOne(viewerId, id);
  }

  /** Multipart (content, timezone, optional image) per spec §7; the posts service validates the fields. */
  @Post()
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'post', limit: 20, windowSeconds: 60 })
  @UseInterceptors(
    FileTooLargeInterceptor,
    FileInterceptor('image', { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } }),
  )
  async create(
    @SessionUser() viewerId: string,
    @Body() form: CreatePostForm,
    @UploadedFile() image?: Express.Multer.File,
  ): Promise<CreatePostResponse> {
    // The media service checks the photo by its content, strips its metadata and makes its variants.
    const imageUrl = image
      ? (await this.media.storeImage(viewerId, image.buffer, image.mimetype)).objectPath
      : null;
    const post = await this.posts.create(viewerId, {
      content: typeof form.content === 'string' ? form.content : '',
      timezone: form.timezone as string,
      imageUrl,
    });
    return { post, ...(await this.badgesFor(viewerId, post)) };
  }

  /**
   * The badges earned with a just-stored post, asked of streaks synchronously (ARCHITECTURE §1). The
   * post stands whatever streaks answers: if it is down, the lists are empty and the post.created
   * event awards the badges later (the call and the event share one idempotent path).
   */
  private async badgesFor(viewerId: string, post: PostDto): Promise<PostBadges> {
    try {
      return await this.streaks.evaluate(viewerId, {
        postId: post.id,
        authorId: post.userId,
        createdAt: post.createdAt,
        timezone: post.timezone,
        timeClassification: post.timeClassification,
        isEarlyMorning: post.isEarlyMorning,
        hasImage: post.imageUrl !== null,
      });
    } catch (error) {
      this.logger.warn(`post ${post.id} stored without its badges: ${(error as Error).message}`);
      return { newBadges: [], nextEligibleBadges: [] };
    }
  }

  /** Only the author may delete a post (the posts service enforces it). */
  @Delete(':id')
  @HttpCode(204)
  @UseGuards(MemberGuard)
  delete(@SessionUser() viewerId: string, @Param('id', UuidParam) id: string): Promise<void> {
    return this.posts.delete(viewerId, id);
  }

  @Post(':id/like')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'like', limit: 120, windowSeconds: 60 })
  toggleLike(@SessionUser() viewerId: string, @Param('id', UuidParam) id: string): Promise<LikeToggleResult> {
    return this.posts.toggleLike(viewerId, id);
  }

  @Get(':id/like-status')
  @UseGuards(MemberGuard)
  likeStatus(@SessionUser() viewerId: string, @Param('id', UuidParam) id: string): Promise<LikeStatus> {
    return this.posts.likeStatus(viewerId, id);
  }

  @Get(':id/comments')
  comments(@SessionUser() viewerId: string | null, @Param('id', UuidParam) id: string): Promise<Comment[]> {
    return this.posts.comments(viewerId, id);
  }

  @Post(':id/comments')
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'comment', limit: 30, windowSeconds: 60 })
  addComment(
    @SessionUser() viewerId: string,
    @Param('id', UuidParam) id: string,
    @Body() body: { content?: unknown },
  ): Promise<Comment> {
    return this.posts.addComment(viewerId, id, body?.content);
  }

  @Delete(':id/comments/:commentId')
  @HttpCode(204)
  @UseGuards(MemberGuard)
  deleteComment(
    @SessionUser() viewerId: string,
    @Param('id', UuidParam) id: string,
    @Param('commentId', UuidParam) commentId: string,
  ): Promise<void> {
    return this.posts.deleteComment(viewerId, id, commentId);
  }

  /**
   * Badges earned with this post. Streaks knows only post ids, so posts says whether the post exists:
   * an unknown post is a 404 (which the SPA reads as "none").
   */
  @Get(':id/badges')
  async badges(@SessionUser() viewerId: string | null, @Param('id', UuidParam) id: string): Promise<Badge[]> {
    await this.posts.findOne(viewerId, id);
    return this.streaks.earnedWith(viewerId, id);
  }
}
