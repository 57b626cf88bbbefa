import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import type { Post as PostDto } from '@daybreak/contracts';
import { CurrentViewer, Viewer, ZodPipe, requireMember } from '@daybreak/nest-common';
import { z } from 'zod';
import { CreatePostInput, createPostSchema, feedQuerySchema, postDraftSchema } from './dto/create-post.dto';
import { PostsService } from './posts.service';

@Controller('posts')
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @Get()
  feed(
    @Query(new ZodPipe(feedQuerySchema)) page: z.infer<typeof feedQuerySchema>,
    @CurrentViewer() viewer: Viewer,
  ): Promise<PostDto[]> {
    return this.posts.feed(page, viewer.userId);
  }

  @Get(':id')
  findOne(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<PostDto> {
    return this.posts.findOne(id, viewer.userId);
  }

  @Post()
  create(
    @CurrentViewer() viewer: Viewer,
    @Body(new ZodPipe(createPostSchema)) input: CreatePostInput,
  ): Promise<PostDto> {
    return this.posts.create(requireMember(viewer), input);
  }

  /** 204 when `create` would accept this post once its photo is stored; the same 400s otherwise. */
  @Post('validate')
  @HttpCode(204)
  validate(
    @CurrentViewer() viewer: Viewer,
    @Body(new ZodPipe(postDraftSchema)) _draft: z.infer<typeof postDraftSchema>,
  ): void {
    requireMember(viewer);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<void> {
    return this.posts.delete(id, requireMember(viewer));
  }
}
