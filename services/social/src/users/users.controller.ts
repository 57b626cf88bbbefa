import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import type { CurrentUser, SignedInMember, UserListItem } from '@daybreak/contracts';
import { CurrentViewer, Viewer, ZodPipe, requireMember } from '@daybreak/nest-common';
import { z } from 'zod';
import {
  ProfileUpdateInput,
  profilePhotoSchema,
  profileUpdateSchema,
  searchQuerySchema,
  timezoneUpdateSchema,
  usersListQuerySchema,
} from './dto/profile.dto';
import { SignInInput, signInSchema } from './dto/sign-in.dto';
import { SocialProfile } from './user-views';
import { UsersService } from './users.service';

@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** Called by the gateway after the identity provider vouched for the caller. */
  @Post('sign-in')
  @HttpCode(200)
  signIn(@Body(new ZodPipe(signInSchema)) input: SignInInput): Promise<SignedInMember> {
    return this.users.signIn(input);
  }

  /** FIND PEOPLE (members only). */
  @Get()
  list(
    @CurrentViewer() viewer: Viewer,
    @Query(new ZodPipe(usersListQuerySchema)) query: z.infer<typeof usersListQuerySchema>,
  ): Promise<UserListItem[]> {
    return this.users.list(requireMember(viewer), query.limit);
  }

  /** People search by name (members only); blank text is a 400. */
  @Get('search')
  search(
    @CurrentViewer() viewer: Viewer,
    @Query(new ZodPipe(searchQuerySchema)) query: z.infer<typeof searchQuerySchema>,
  ): Promise<UserListItem[]> {
    return this.users.search(requireMember(viewer), query.q);
  }

  @Put('me/profile')
  updateProfile(
    @CurrentViewer() viewer: Viewer,
    @Body(new ZodPipe(profileUpdateSchema)) update: ProfileUpdateInput,
  ): Promise<SocialProfile> {
    return this.users.updateProfile(requireMember(viewer), update);
  }

  @Put('me/photo')
  setPhoto(
    @CurrentViewer() viewer: Viewer,
    @Body(new ZodPipe(profilePhotoSchema)) body: z.infer<typeof profilePhotoSchema>,
  ): Promise<SocialProfile> {
    return this.users.setPhoto(requireMember(viewer), body.profileImageUrl);
  }

  @Put('me/timezone')
  setTimezone(
    @CurrentViewer() viewer: Viewer,
    @Body(new ZodPipe(timezoneUpdateSchema)) body: z.infer<typeof timezoneUpdateSchema>,
  ): Promise<SocialProfile> {
    return this.users.setTimezone(requireMember(viewer), body.timezone);
  }

  /** Anyone's profile (guests too); the e-mail only for the member themself. */
  @Get(':id')
  profile(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<SocialProfile> {
    return this.users.profile(id, viewer.userId);
  }

  /** The signed-in member's own record (with e-mail): only for that member. */
  @Get(':id/me')
  me(@Param('id', ParseUUIDPipe) id: string, @CurrentViewer() viewer: Viewer): Promise<CurrentUser> {
    return this.users.getOwnAccount(id, requireMember(viewer));
  }
}
