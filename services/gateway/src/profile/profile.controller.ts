import { Body, Controller, Get, Param, Put, UseGuards } from '@nestjs/common';
import {
  FEED_PAGE_MAX_LIMIT,
  type Post,
  type ProfileUpdate,
  type ProfileWithPosts,
  type Statistics,
} from '@daybreak/contracts';
import { BadInputError } from '@daybreak/nest-common';
import { z } from 'zod';
import { MemberGuard, SessionUser } from '../auth/session-user';
import { type Page, PageParams } from '../downstream/page';
import { UuidParam } from '../downstream/path-param.pipe';
import { PostsClient } from '../downstream/posts.client';
import { SocialClient, SocialProfile } from '../downstream/social.client';
import { StreaksClient } from '../downstream/streaks.client';
import { MediaClient } from '../media/media.client';
import { READS, RateLimit } from '../security/rate-limit';
import { uploadedImageId } from './profile-photo';
import { ApiDoc } from '../openapi/api-doc';
import * as s from '../openapi/api-schemas';

/** Edits of one's own profile share one allowance: name and bio, photo, time zone. */
const PROFILE_EDITS = { name: 'profile', limit: 20, windowSeconds: 60 };

class NotYourPhotoError extends BadInputError {
  constructor() {
    super('PROFILE.PHOTO_NOT_YOURS', 'Please upload a photo first: only your own uploads can be your photo.');
  }
}

/** Profile screens: the aggregated profile, its statistics, and the member's own edits. */
@Controller('api')
export class ProfileController {
  constructor(
    private readonly social: SocialClient,
    private readonly streaks: StreaksClient,
    private readonly posts: PostsClient,
    private readonly media: MediaClient,
  ) {}

  /**
   * Spec §3 User with their posts: social (the member, counts, isFollowing), streaks and posts
   * (newest first, paged like the feed `?limit&offset`), asked in parallel. Unknown member: 404.
   */
  @Get('profile/:id')
  @RateLimit(READS)
  @ApiDoc({
    summary: 'A member with their posts',
    ok: s.profileWithPosts,
    query: s.pageQuery(FEED_PAGE_MAX_LIMIT),
    errors: [400, 404],
  })
  async profile(
    @SessionUser() viewerId: string | null,
    @Param('id', UuidParam) id: string,
    @PageParams() page: Page,
  ): Promise<ProfileWithPosts> {
    const [profile, statistics, posts] = await Promise.all([
      this.social.profile(viewerId, id),
      this.streaks.statistics(viewerId, id),
      this.posts.byAuthor(viewerId, id, page),
    ]);
    return {
      ...profile,
      currentStreak: statistics.currentStreak,
      longestStreak: statistics.longestStreak,
      posts,
    };
  }

  /**
   * A page of the member's posts, newest first, in the feed's Post shape: "Load more posts" on a
   * profile, after the first page the profile carries. Posts checks the limit and offset (400).
   */
  @Get('profile/:userId/posts')
  @RateLimit(READS)
  @ApiDoc({
    summary: "A page of a member's posts",
    ok: z.array(s.post),
    query: s.pageQuery(FEED_PAGE_MAX_LIMIT),
    errors: [400],
  })
  postsOf(
    @SessionUser() viewerId: string | null,
    @Param('userId', UuidParam) userId: string,
    @PageParams() page: Page,
  ): Promise<Post[]> {
    return this.posts.byAuthor(viewerId, userId, page);
  }

  @Get('profile/:userId/statistics')
  @RateLimit(READS)
  @ApiDoc({ summary: "A member's streak statistics", ok: s.statistics, errors: [400, 404] })
  statistics(
    @SessionUser() viewerId: string | null,
    @Param('userId', UuidParam) userId: string,
  ): Promise<Statistics> {
    return this.streaks.statistics(viewerId, userId);
  }

  /** `{profileName, bio}`; the social service trims and checks them (50 and 200 characters). */
  @Put('profile')
  @UseGuards(MemberGuard)
  @RateLimit(PROFILE_EDITS)
  @ApiDoc({
    summary: 'Edit your profile name and bio',
    ok: s.socialProfile,
    body: s.requests.profile,
    errors: [400, 401],
  })
  updateProfile(
    @SessionUser() viewerId: string,
    @Body() body: Partial<ProfileUpdate> | undefined,
  ): Promise<SocialProfile> {
    return this.social.updateProfile(viewerId, { profileName: body?.profileName, bio: body?.bio });
  }

  /**
   * `{profileImageUrl}`: only an image this member uploaded (`POST /api/objects/upload`), which the
   * media service confirms by id (and keeps from now on). The URL is never fetched: anything not of the exact form
   * `/objects/<uuid>` (an outside URL, a dot segment, another path) is refused before any call.
   */
  @Put('profile-photo')
  @UseGuards(MemberGuard)
  @RateLimit(PROFILE_EDITS)
  @ApiDoc({
    summary: 'Set your photo to one of your uploads',
    ok: s.socialProfile,
    body: s.requests.profilePhoto,
    errors: [400, 401],
  })
  async setPhoto(
    @SessionUser() viewerId: string,
    @Body() body: { profileImageUrl?: unknown } | undefined,
  ): Promise<SocialProfile> {
    const id = uploadedImageId(body?.profileImageUrl);
    if (!id) throw new NotYourPhotoError();
    const objectPath = `/objects/${id}`;
    // Marked in use before social stores it: the purge must not take it while user.updated is on its way.
    if (!(await this.media.markInUse(viewerId, objectPath))) throw new NotYourPhotoError();
    return this.social.setPhoto(viewerId, objectPath);
  }

  /** `{timezone}`: the browser's IANA zone, sent when it differs from the stored one. */
  @Put('profile/timezone')
  @UseGuards(MemberGuard)
  @RateLimit(PROFILE_EDITS)
  @ApiDoc({
    summary: 'Set your time zone',
    ok: s.socialProfile,
    body: s.requests.timezone,
    errors: [400, 401],
  })
  setTimezone(
    @SessionUser() viewerId: string,
    @Body() body: { timezone?: unknown } | undefined,
  ): Promise<SocialProfile> {
    return this.social.setTimezone(viewerId, body?.timezone);
  }
}
