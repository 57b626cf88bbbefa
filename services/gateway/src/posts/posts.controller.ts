import { MAX_UPLOAD_BYTES } from '@daybreak/contracts';
import {
  Body,
  Controller,
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
import { JsonPassThrough } from '../downstream/service-client';
import { FileTooLargeInterceptor } from '../media/file-too-large.interceptor';
import { RateLimit, RateLimitGuard } from '../security/rate-limit';
import { NewPostForm, PostPublishing } from './post-publishing.service';

@Controller('api/posts')
@UseGuards(RateLimitGuard)
export class PostsController {
  constructor(
    private readonly posts: PostsClient,
    private readonly publishing: PostPublishing,
  ) {}

  @Get()
  feed(
    @SessionUser() viewerId: string | null,
    @Query('limit') limit?: string,
    @Query('offset') offset?: string,
  ): Promise<JsonPassThrough<PostDto[]>> {
    return this.posts.feed(viewerId, { limit, offset });
  }

  @Get(':id')
  findOne(
    @SessionUser() viewerId: string | null,
    @Param('id', UuidParam) id: string,
  ): Promise<JsonPassThrough<PostDto>> {
    return this.posts.relayOne(viewerId, id);
  }

  /** Multipart (content, timezone, optional image) per spec §7; the posts service validates the fields. */
  @Post()
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'post', limit: 20, windowSeconds: 60 })
  @UseInterceptors(
    FileTooLargeInterceptor,
    FileInterceptor('image', { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } }),
  )
  create(
    @SessionUser() viewerId: string,
    @Body() form: NewPostForm,
    @UploadedFile() image?: Express.Multer.File,
  ): Promise<CreatePostResponse> {
    return this.publishing.publish(viewerId, form, image);
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
  comments(
    @SessionUser() viewerId: string | null,
    @Param('id', UuidParam) id: string,
  ): Promise<JsonPassThrough<Comment[]>> {
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
  badges(@SessionUser() viewerId: string | null, @Param('id', UuidParam) id: string): Promise<Badge[]> {
    return this.publishing.badgesEarnedWith(viewerId, id);
  }
}
