import { Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { USERS_LIST_LIMIT, type FollowResult, type UserListItem } from '@daybreak/contracts';
import { MemberGuard, SessionUser } from '../auth/session-user';
import { type Page, PageParams } from '../downstream/page';
import { UuidParam } from '../downstream/path-param.pipe';
import { SocialClient } from '../downstream/social.client';
import { OwnFollows } from '../leaderboard/own-follows';
import { READS, RateLimit } from '../security/rate-limit';
import { z } from 'zod';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/api-schemas';

/** Follow and unfollow share one allowance: a fast tapper toggling is one person. */
const FOLLOWS = { name: 'follow', limit: 60, windowSeconds: 60 };

/** FIND PEOPLE, search, follows and follower lists. */
@Controller('api/users')
export class UsersController {
  constructor(
    private readonly social: SocialClient,
    private readonly ownFollows: OwnFollows,
  ) {}

  /** Members only (spec §6); `?limit=` up to 100. */
  @Get()
  @RateLimit(READS)
  @UseGuards(MemberGuard)
  @ApiDoc({ summary: 'Find people', ok: z.array(s.userListItem), errors: [400, 401] })
  list(@SessionUser() viewerId: string, @Query('limit') limit?: string): Promise<UserListItem[]> {
    return this.social.list(viewerId, limit);
  }

  /** Members only; blank `q` is a 400. */
  @Get('search')
  @UseGuards(MemberGuard)
  @RateLimit({ name: 'search', limit: 60, windowSeconds: 60 })
  @ApiDoc({ summary: 'Search members by name', ok: z.array(s.userListItem), errors: [400, 401] })
  search(@SessionUser() viewerId: string, @Query('q') q?: string): Promise<UserListItem[]> {
    return this.social.search(viewerId, q);
  }

  @Post(':id/follow')
  @HttpCode(200)
  @UseGuards(MemberGuard)
  @RateLimit(FOLLOWS)
  // 403: a block stands between the two (issue 42).
  @ApiDoc({ summary: 'Follow a member', ok: s.followResult, errors: [400, 401, 403, 404] })
  async follow(@SessionUser() viewerId: string, @Param('id', UuidParam) id: string): Promise<FollowResult> {
    const result = await this.social.follow(viewerId, id);
    await this.ownFollows.record(viewerId, id, true);
    return result;
  }

  @Delete(':id/follow')
  @UseGuards(MemberGuard)
  @RateLimit(FOLLOWS)
  @ApiDoc({ summary: 'Unfollow a member', ok: s.followResult, errors: [400, 401, 404] })
  async unfollow(@SessionUser() viewerId: string, @Param('id', UuidParam) id: string): Promise<FollowResult> {
    const result = await this.social.unfollow(viewerId, id);
    await this.ownFollows.record(viewerId, id, false);
    return result;
  }

  @Get(':id/followers')
  @RateLimit(READS)
  @ApiDoc({
    summary: "A member's followers",
    ok: z.array(s.userListItem),
    query: s.pageQuery(USERS_LIST_LIMIT),
    errors: [400, 404],
  })
  followers(
    @SessionUser() viewerId: string | null,
    @Param('id', UuidParam) id: string,
    @PageParams() page: Page,
  ): Promise<UserListItem[]> {
    return this.social.followers(viewerId, id, page);
  }

  @Get(':id/following')
  @RateLimit(READS)
  @ApiDoc({
    summary: 'Whom a member follows',
    ok: z.array(s.userListItem),
    query: s.pageQuery(USERS_LIST_LIMIT),
    errors: [400, 404],
  })
  following(
    @SessionUser() viewerId: string | null,
    @Param('id', UuidParam) id: string,
    @PageParams() page: Page,
  ): Promise<UserListItem[]> {
    return this.social.following(viewerId, id, page);
  }
}
