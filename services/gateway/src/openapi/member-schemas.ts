import type {
  CurrentUser,
  FollowResult,
  ProfileWithPosts,
  SignOutResponse,
  UserListItem,
} from '@daybreak/contracts';
import { z } from 'zod';
import type { SocialProfile } from '../downstream/social.client';
import { isoDate, nullableString, userSummary } from './common-schemas';
import { post } from './post-schemas';

/** Members, their profiles and follows as `/api/docs.json` describes them, each checked against its type. */

export const currentUser = userSummary.extend({
  email: nullableString,
  timezone: nullableString.optional(),
  createdAt: isoDate.optional(),
  isModerator: z.boolean().optional(),
  isSuspended: z.boolean().optional(),
}) satisfies z.ZodType<CurrentUser>;

export const signOut = z.object({ redirectTo: z.string() }) satisfies z.ZodType<SignOutResponse>;

export const socialProfile = userSummary.extend({
  email: nullableString.optional(),
  bio: nullableString,
  timezone: nullableString,
  createdAt: isoDate,
  updatedAt: isoDate,
  followersCount: z.int(),
  followingCount: z.int(),
  isFollowing: z.boolean(),
}) satisfies z.ZodType<SocialProfile>;

export const profileWithPosts = socialProfile.extend({
  currentStreak: z.int(),
  longestStreak: z.int(),
  posts: z.array(post),
}) satisfies z.ZodType<ProfileWithPosts>;

export const userListItem = userSummary.extend({
  email: nullableString.optional(),
  isFollowing: z.boolean().optional(),
}) satisfies z.ZodType<UserListItem>;

export const followResult = z.object({
  isFollowing: z.boolean(),
  followersCount: z.int(),
}) satisfies z.ZodType<FollowResult>;
