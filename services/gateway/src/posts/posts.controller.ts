import { Body, Controller, Get, Param, Post, Query, UploadedFile, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { CreatePostResponse, Post as PostDto } from '@daybreak/contracts';
import { BadInputError } from '@daybreak/nest-common';
import { MemberGuard, SessionUser } from '../auth/session';
import { PostsClient } from '../downstream/posts.client';
import { RateLimit, RateLimitGuard } from '../security/rate-limit';

/** Spec §9: uploads up to 10 MB. */
export const MAX_UPLOAD_BYTES = 10_485_760;

interface CreatePostForm {
  content?: unknown;
  timezone?: unknown;
}

@Controller('api/posts')
@UseGuards(RateLimitGuard)
export class PostsController {
  constructor(private readonly posts: PostsClient) {}

  @Get()
  feed(@SessionUser() viewerId: string | null, @Query('limit') limit?: string, @Query('offset') offset?: string): Promise<PostDto[]> {
    return this.posts.feed(viewerId, { limit, offset });
  }

  @Get(':id')
  findOne(@SessionUser() viewerId: string | null, @Param('id') id: string): Promise<PostDto> {
    return this.posts.findOne(viewerId, id);
  }

  /** Multipart (content, timezone, optional image) per spec §7; the posts service validates the fields. */
  @Post()
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'post', limit: 20, windowSeconds: 60 })
  @UseInterceptors(FileInterceptor('image', { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } }))
  async create(
    @SessionUser() viewerId: string,
    @Body() form: CreatePostForm,
    @UploadedFile() image?: Express.Multer.File,
  ): Promise<CreatePostResponse> {
    if (image) {
      // Photos go through the media service, which arrives with the next issue.
      throw new BadInputError('POST.PHOTO_NOT_SUPPORTED', 'Photo posts are not available yet. Please post text only.');
    }
    const post = await this.posts.create(viewerId, {
      content: typeof form.content === 'string' ? form.content : '',
      timezone: form.timezone as string,
    });
    return { post, newBadges: [], nextEligibleBadges: [] };
  }
}
