import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import { FEED_VERSION_HEADER, type Post as PostDto, type PostText } from '@daybreak/contracts';
import { CurrentViewer, Viewer, ZodPipe, parseInput, requireMember, viewerOf } from '@daybreak/nest-common';
import { z } from 'zod';
import {
  CreatePostInput,
  createPostSchema,
  feedQuerySchema,
  postDraftSchema,
  postTextsSchema,
} from './dto/create-post.dto';
import { JsonAnswer, JsonText } from './post-json.queries';
import { PostsService } from './posts.service';

/** The answers below are JSON text from Postgres: sent as they are, with JSON's media type. */
const JSON_TYPE = ['Content-Type', 'application/json; charset=utf-8'] as const;

@Controller('posts')
export class PostsController {
  constructor(private readonly posts: PostsService) {}

  /** A page built from a cached one says its version, so the gateway may keep it (FEED_VERSION_HEADER). */
  @Get()
  @Header(...JSON_TYPE)
  // The request and the reply only, read here: Nest resolves each decorated parameter with promises
  // of its own, and this is the service's most read route (as the gateway's feed is the gateway's).
  async feed(
    @Req() request: { query: unknown },
    @Res({ passthrough: true }) reply: { header(name: string, value: string): unknown },
  ): Promise<JsonAnswer<PostDto[]>> {
    const page = parseInput(feedQuerySchema, request.query);
    const { json, version } = await this.posts.feed(page, viewerOf(request).userId);
    if (version !== undefined) reply.header(FEED_VERSION_HEADER, String(version));
    return json;
  }

  @Get(':id')
  @Header(...JSON_TYPE)
  findOne(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentViewer() viewer: Viewer,
  ): Promise<JsonText<PostDto>> {
    return this.posts.findOne(id, viewer.userId);
  }

  @Post()
  @Header(...JSON_TYPE)
  async create(
    @CurrentViewer() viewer: Viewer,
    @Body(new ZodPipe(createPostSchema)) input: CreatePostInput,
  ): Promise<JsonText<PostDto>> {
    const authorId = requireMember(viewer);
    const post = await this.posts.create(authorId, input);
    return this.posts.findOne(post.id, authorId);
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

  /** The texts of up to STREAK_TEST_POST_LIMIT posts (those that exist), for the streak test page. */
  @Post('texts')
  @HttpCode(200)
  texts(
    @CurrentViewer() viewer: Viewer,
    @Body(new ZodPipe(postTextsSchema)) query: z.infer<typeof postTextsSchema>,
  ): Promise<PostText[]> {
    requireMember(viewer);
    return this.posts.texts(query.ids);
  }

  @Delete(':id')
  @HttpCode(204)
  delete(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<void> {
    return this.posts.delete(id, requireMember(viewer));
  }
}
