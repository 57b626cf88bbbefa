import { Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Query, Res } from '@nestjs/common';
import {
  SAFETY_VERSION_HEADER,
  type BlockResult,
  type BlockedMember,
  type MuteResult,
} from '@daybreak/contracts';
import { CurrentViewer, Viewer, ZodPipe, requireMember } from '@daybreak/nest-common';
import { z } from 'zod';
import { pageQuerySchema } from '../users/dto/profile.dto';
import { SafetyChange, SafetyService } from './safety.service';

type PageQuery = z.infer<typeof pageQuerySchema>;
type Reply = { header(name: string, value: string): unknown };

/** The change's answer, its version in SAFETY_VERSION_HEADER (for the gateway, ADR 0024). */
async function answer<T>(reply: Reply, change: Promise<SafetyChange<T>>): Promise<T> {
  const { result, version } = await change;
  reply.header(SAFETY_VERSION_HEADER, String(version));
  return result;
}

/** Blocks and mutes: members only, each acting on their own. */
@Controller()
export class SafetyController {
  constructor(private readonly safety: SafetyService) {}

  @Post('users/:id/block')
  @HttpCode(200)
  block(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentViewer() viewer: Viewer,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<BlockResult> {
    return answer(reply, this.safety.block(requireMember(viewer), id));
  }

  @Delete('users/:id/block')
  unblock(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentViewer() viewer: Viewer,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<BlockResult> {
    return answer(reply, this.safety.unblock(requireMember(viewer), id));
  }

  @Post('users/:id/mute')
  @HttpCode(200)
  mute(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentViewer() viewer: Viewer,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<MuteResult> {
    return answer(reply, this.safety.mute(requireMember(viewer), id));
  }

  @Delete('users/:id/mute')
  unmute(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentViewer() viewer: Viewer,
    @Res({ passthrough: true }) reply: Reply,
  ): Promise<MuteResult> {
    return answer(reply, this.safety.unmute(requireMember(viewer), id));
  }

  /** The members I blocked, newest first. */
  @Get('blocks')
  blocks(
    @CurrentViewer() viewer: Viewer,
    @Query(new ZodPipe(pageQuerySchema)) page: PageQuery,
  ): Promise<BlockedMember[]> {
    return this.safety.list('block', requireMember(viewer), page);
  }

  /** The members I muted, newest first. */
  @Get('mutes')
  mutes(
    @CurrentViewer() viewer: Viewer,
    @Query(new ZodPipe(pageQuerySchema)) page: PageQuery,
  ): Promise<BlockedMember[]> {
    return this.safety.list('mute', requireMember(viewer), page);
  }
}
