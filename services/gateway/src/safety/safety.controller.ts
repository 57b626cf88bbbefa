import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import {
  SAFETY_LIST_LIMIT,
  type BlockResult,
  type BlockedMember,
  type MuteResult,
} from '@daybreak/contracts';
import { z } from 'zod';
import { MemberGuard, SessionUser } from '../auth/session-user';
import { type Page, PageParams } from '../downstream/page';
import { UuidParam } from '../downstream/path-param.pipe';
import { SafetyClient } from '../downstream/safety.client';
import { OwnChangeVisible } from './own-change-visible';
import { OwnFollows } from '../leaderboard/own-follows';
import { ApiDoc } from '../openapi/api-doc';
import { pageQuery } from '../openapi/common-schemas';
import * as s from '../openapi/safety-schemas';
import { READS, RateLimit } from '../security/rate-limit';

/** Block and unblock share one allowance, as follow and unfollow do: one person toggling. */
const BLOCKS = { name: 'block', limit: 30, windowSeconds: 60 };
const MUTES = { name: 'mute', limit: 30, windowSeconds: 60 };

/** Blocks and mutes (issue 42): members only, each acting on and reading their own. */
@Controller('api')
@UseGuards(MemberGuard)
export class SafetyController {
  constructor(
    private readonly safety: SafetyClient,
    private readonly ownChange: OwnChangeVisible,
    private readonly ownFollows: OwnFollows,
  ) {}

  @Post('users/:id/block')
  @HttpCode(200)
  @RateLimit(BLOCKS)
  @ApiDoc({ summary: 'Block a member', ok: s.blockResult, errors: [400, 401, 404] })
  async block(@SessionUser() viewerId: string, @Param('id', UuidParam) id: string): Promise<BlockResult> {
    const result = await this.ownChange.answer(viewerId, this.safety.block(viewerId, id, true));
    // A block ends the follows both ways: neither leaderboard may keep a recent follow of the other.
    await this.ownFollows.record(viewerId, id, false);
    await this.ownFollows.record(id, viewerId, false);
    return result;
  }

  @Delete('users/:id/block')
  @RateLimit(BLOCKS)
  @ApiDoc({ summary: 'Unblock a member', ok: s.blockResult, errors: [400, 401, 404] })
  unblock(@SessionUser() viewerId: string, @Param('id', UuidParam) id: string): Promise<BlockResult> {
    return this.ownChange.answer(viewerId, this.safety.block(viewerId, id, false));
  }

  @Post('users/:id/mute')
  @HttpCode(200)
  @RateLimit(MUTES)
  @ApiDoc({ summary: 'Mute a member', ok: s.muteResult, errors: [400, 401, 404] })
  mute(@SessionUser() viewerId: string, @Param('id', UuidParam) id: string): Promise<MuteResult> {
    return this.ownChange.answer(viewerId, this.safety.mute(viewerId, id, true));
  }

  @Delete('users/:id/mute')
  @RateLimit(MUTES)
  @ApiDoc({ summary: 'Unmute a member', ok: s.muteResult, errors: [400, 401, 404] })
  unmute(@SessionUser() viewerId: string, @Param('id', UuidParam) id: string): Promise<MuteResult> {
    return this.ownChange.answer(viewerId, this.safety.mute(viewerId, id, false));
  }

  @Get('blocks')
  @RateLimit(READS)
  @ApiDoc({
    summary: 'The members you blocked, newest first',
    ok: z.array(s.blockedMember),
    query: pageQuery(SAFETY_LIST_LIMIT),
    errors: [400, 401],
  })
  blocks(@SessionUser() viewerId: string, @PageParams() page: Page): Promise<BlockedMember[]> {
    return this.safety.blocks(viewerId, page);
  }

  @Get('mutes')
  @RateLimit(READS)
  @ApiDoc({
    summary: 'The members you muted, newest first',
    ok: z.array(s.blockedMember),
    query: pageQuery(SAFETY_LIST_LIMIT),
    errors: [400, 401],
  })
  mutes(@SessionUser() viewerId: string, @PageParams() page: Page): Promise<BlockedMember[]> {
    return this.safety.mutes(viewerId, page);
  }
}
