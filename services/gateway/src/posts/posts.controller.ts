import { FEED_PAGE_MAX_LIMIT, MAX_UPLOAD_BYTES } from '@daybreak/contracts';
import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Req,
  Res,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import type {
  Badge,
  Comment,
  CreatePostResponse,
  LikeStatus,
  LikeToggleResult,
  Post as PostDto,
} from '@daybreak/contracts';
import { MemberGuard, SessionUser, sessionUserId } from '../auth/session-user';
import { UuidParam } from '../downstream/path-param.pipe';
import { PostsClient } from '../downstream/posts.client';
import { JsonPassThrough } from '../downstream/json-pass-through';
import { READS, RateLimit } from '../security/rate-limit';
import { FeedCopies, FeedPageCopy } from './feed-copies';
import { FormPhoto, MultipartForm } from './multipart-form';
import { NewPostForm, PostPublishing, type UploadedPhoto } from './post-publishing.service';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/api-schemas';

@Controller('api/posts')
export class PostsController {
  constructor(
    private readonly posts: PostsClient,
    private readonly publishing: PostPublishing,
    private readonly feedCopies: FeedCopies,
  ) {}

  @Get()
  @RateLimit(READS)
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiDoc({
    summary: 'The public feed, newest first (`?limit&offset`)',
    ok: z.array(s.post),
    query: s.pageQuery(FEED_PAGE_MAX_LIMIT),
    errors: [400],
  })
  // The request and the reply only, read here: Nest resolves each decorated parameter with promises
  // of its own, a cost the gateway's most read route doesn't pay (measured in ADR 0021).
  async feed(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const viewerId = sessionUserId(request);
    const { limit, offset } = request.query as { limit?: string; offset?: string };
    const page = { limit, offset };
    const answer = await this.feedCopies.page(viewerId, page, () => this.posts.feed(viewerId, page));
    if (!(answer instanceof FeedPageCopy)) return answer;
    // A copy comes with its ETag and its compressed bytes: @fastify/etag hashes an answer only if it
    // has no ETag, and @fastify/compress compresses one only if it has no Content-Encoding.
    const { bytes, encoding } = answer.body(request.headers['accept-encoding']);
    void reply.header('ETag', answer.etag).header('Vary', 'Accept-Encoding');
    if (encoding) void reply.header('Content-Encoding', encoding);
    return bytes;
  }

  @Get(':id')
  @RateLimit(READS)
  @ApiDoc({ summary: 'One post', ok: s.post, errors: [400, 404] })
  findOne(
    @SessionUser() viewerId: string | null,
    @Param('id', UuidParam) id: string,
  ): Promise<JsonPassThrough<PostDto>> {
    return this.posts.relayOne(viewerId, id);
  }

  /** Multipart (content, timezone, optional image) per spec §7; the posts service validates the fields. */
  @Post()
  @ApiDoc({
    summary: 'Publish a post (multipart: content, timezone, optional image)',
    ok: s.createPostResponse,
    status: 201,
    body: s.requests.newPost,
    multipart: true,
    errors: [400, 401, 413, 415],
  })
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'post', limit: 20, windowSeconds: 60 })
  @UseInterceptors(MultipartForm({ fileField: 'image', fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 }))
  create(
    @SessionUser() viewerId: string,
    @Body() form: NewPostForm | undefined,
    @FormPhoto() image?: UploadedPhoto,
  ): Promise<CreatePostResponse> {
    return this.publishing.publish(viewerId, form, image);
  }

  /** Only the author may delete a post (the posts service enforces it). */
  @Delete(':id')
  @HttpCode(204)
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'post-delete', limit: 60, windowSeconds: 60 })
  @ApiDoc({ summary: 'Delete one of your posts', ok: null, status: 204, errors: [400, 401, 403, 404] })
  delete(@SessionUser() viewerId: string, @Param('id', UuidParam) id: string): Promise<void> {
    return this.posts.delete(viewerId, id);
  }

  @Post(':id/like')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'like', limit: 120, windowSeconds: 60 })
  @ApiDoc({ summary: 'Like or unlike a post', ok: s.likeToggle, errors: [400, 401, 404] })
  toggleLike(@SessionUser() viewerId: string, @Param('id', UuidParam) id: string): Promise<LikeToggleResult> {
    return this.posts.toggleLike(viewerId, id);
  }

  @Get(':id/like-status')
  @RateLimit(READS)
  @UseGuards(MemberGuard)
  @ApiDoc({ summary: 'Whether you like a post', ok: s.likeStatus, errors: [400, 401, 404] })
  likeStatus(@SessionUser() viewerId: string, @Param('id', UuidParam) id: string): Promise<LikeStatus> {
    return this.posts.likeStatus(viewerId, id);
  }

  @Get(':id/comments')
  @RateLimit(READS)
  @ApiDoc({ summary: "A post's comments, oldest first", ok: z.array(s.comment), errors: [400, 404] })
  comments(
    @SessionUser() viewerId: string | null,
    @Param('id', UuidParam) id: string,
  ): Promise<JsonPassThrough<Comment[]>> {
    return this.posts.comments(viewerId, id);
  }

  @Post(':id/comments')
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'comment', limit: 30, windowSeconds: 60 })
  @ApiDoc({
    summary: 'Comment on a post',
    ok: s.comment,
    status: 201,
    body: s.requests.comment,
    errors: [400, 401, 404],
  })
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
  @RateLimit({ name: 'comment-delete', limit: 60, windowSeconds: 60 })
  @ApiDoc({ summary: 'Delete one of your comments', ok: null, status: 204, errors: [400, 401, 403, 404] })
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
  @RateLimit(READS)
  @ApiDoc({ summary: 'Badges earned with a post', ok: z.array(s.badge), errors: [400, 404] })
  badges(@SessionUser() viewerId: string | null, @Param('id', UuidParam) id: string): Promise<Badge[]> {
    return this.publishing.badgesEarnedWith(viewerId, id);
  }
}
