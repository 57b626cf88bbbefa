import { Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import type { BlockResult, BlockedMember, MuteResult } from '@daybreak/contracts';
import { CurrentViewer, Viewer, ZodPipe, requireMember } from '@daybreak/nest-common';
import { z } from 'zod';
import { pageQuerySchema } from '../users/dto/profile.dto';
import { SafetyService } from './safety.service';

type PageQuery = z.infer<typeof pageQuerySchema>;

/** Blocks and mutes: members only, each acting on their own. */
@Controller()
export class SafetyController {
  constructor(private readonly safety: SafetyService) {}

  @Post('users/:id/block')
  @HttpCode(200)
  block(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<BlockResult> {
    return this.safety.block(requireMember(viewer), id);
  }

  @Delete('users/:id/block')
  unblock(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<BlockResult> {
    return this.safety.unblock(requireMember(viewer), id);
  }

  @Post('users/:id/mute')
  @HttpCode(200)
  mute(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<MuteResult> {
    return this.safety.mute(requireMember(viewer), id);
  }

  @Delete('users/:id/mute')
  unmute(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<MuteResult> {
    return this.safety.unmute(requireMember(viewer), id);
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
