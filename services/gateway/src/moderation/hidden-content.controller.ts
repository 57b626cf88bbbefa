import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { SAFETY_LIST_LIMIT, type HiddenContent, type UnhideResult } from '@daybreak/contracts';
import { z } from 'zod';
import { ModeratorGuard } from '../auth/moderator-guard';
import { SessionUser } from '../auth/session-user';
import { ModerationClient } from '../downstream/moderation.client';
import { type Page, PageParams } from '../downstream/page';
import { UuidParam } from '../downstream/path-param.pipe';
import { ApiDoc, type ApiDocOptions } from '../openapi/api-doc';
import { pageQuery } from '../openapi/common-schemas';
import * as s from '../openapi/moderation-schemas';
import { READS, RateLimit } from '../security/rate-limit';
import { MODERATION_DECISIONS } from './moderation-decisions';

const unhideDoc = (what: 'post' | 'comment'): ApiDocOptions => ({
  summary: `Undo the hide of a ${what}: everyone sees it again, unless its author's suspension or a block hides it (moderators)`,
  ok: s.unhideResult,
  body: s.undoRequest,
  errors: [400, 404],
});

/**
 * UNHIDE (ADR 0035): the posts and comments moderators hide now, and the undo of a hide. 404 to
 * everyone but moderators (ModeratorGuard), as every moderation route.
 */
@Controller('api/moderation')
@UseGuards(ModeratorGuard)
export class HiddenContentController {
  constructor(private readonly moderation: ModerationClient) {}

  @Get('hidden')
  @RateLimit(READS)
  @ApiDoc({
    summary: 'The posts and comments moderators hide now, newest first (moderators)',
    ok: z.array(s.hiddenContent),
    query: pageQuery(SAFETY_LIST_LIMIT),
    errors: [400, 404],
  })
  hidden(@SessionUser() moderatorId: string, @PageParams() page: Page): Promise<HiddenContent[]> {
    return this.moderation.hidden(moderatorId, page);
  }

  @Post('posts/:id/unhide')
  @HttpCode(200)
  @RateLimit(MODERATION_DECISIONS)
  @ApiDoc(unhideDoc('post'))
  unhidePost(
    @SessionUser() moderatorId: string,
    @Param('id', UuidParam) id: string,
    @Body() body: unknown,
  ): Promise<UnhideResult> {
    // Social validates the body (its zod schema answers the 400s); the gateway passes it on.
    return this.moderation.unhide(moderatorId, { type: 'post', id }, (body ?? {}) as { note?: string });
  }

  @Post('comments/:id/unhide')
  @HttpCode(200)
  @RateLimit(MODERATION_DECISIONS)
  @ApiDoc(unhideDoc('comment'))
  unhideComment(
    @SessionUser() moderatorId: string,
    @Param('id', UuidParam) id: string,
    @Body() body: unknown,
  ): Promise<UnhideResult> {
    return this.moderation.unhide(moderatorId, { type: 'comment', id }, (body ?? {}) as { note?: string });
  }
}
