import { Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import type { FollowResult, UserListItem } from '@daybreak/contracts';
import { CurrentViewer, Viewer, ZodPipe, requireMember } from '@daybreak/nest-common';
import { z } from 'zod';
import { pageQuerySchema } from '../users/dto/profile.dto';
import { FollowsService } from './follows.service';

type PageQuery = z.infer<typeof pageQuerySchema>;

@Controller('users/:id')
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @Post('follow')
  @HttpCode(200)
  follow(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<FollowResult> {
    return this.follows.follow(requireMember(viewer), id);
  }

  @Delete('follow')
  unfollow(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<FollowResult> {
    return this.follows.unfollow(requireMember(viewer), id);
  }

  /** Who follows this member, newest first (guests too). */
  @Get('followers')
  followers(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentViewer() viewer: Viewer,
    @Query(new ZodPipe(pageQuerySchema)) page: PageQuery,
  ): Promise<UserListItem[]> {
    return this.follows.followers(id, viewer.userId, page);
  }

  /** Whom this member follows, newest first (guests too). */
  @Get('following')
  following(
    @Param('id', ParseUUIDPipe) id: string,
    @CurrentViewer() viewer: Viewer,
    @Query(new ZodPipe(pageQuerySchema)) page: PageQuery,
  ): Promise<UserListItem[]> {
    return this.follows.following(id, viewer.userId, page);
  }
}
