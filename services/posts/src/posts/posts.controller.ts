import { Body, Controller, Get, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import type { Post as PostDto } from '@daybreak/contracts';
import { CurrentViewer, Viewer, ZodPipe, requireMember } from '@daybreak/nest-common';
import { z } from 'zod';
import { CreatePostInput, createPostSchema, feedQuerySchema } from './dto/create-post.dto';
import { PostsService } from './posts.service';

@Controller('posts')
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  @Get()
  feed(@Query(new ZodPipe(feedQuerySchema)) page: z.infer<typeof feedQuerySchema>): Promise<PostDto[]> {
    return this.posts.feed(page);
  }

  @Get(':id')
  findOne(@Param('id', ParseUUIDPipe) id: string): Promise<PostDto> {
    return this.posts.findOne(id);
  }

  @Post()
  create(@CurrentViewer() viewer: Viewer, @Body(new ZodPipe(createPostSchema)) input: CreatePostInput): Promise<PostDto> {
    return this.posts.create(requireMember(viewer), input);
  }
}
