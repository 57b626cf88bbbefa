import type {
  ApiErrorBody,
  AppNotification,
  Badge,
  Comment,
  CreatePostResponse,
  CurrentUser,
  FollowResult,
  GeneratedInvite,
  InviteLookup,
  LeaderboardEntry,
  LikeStatus,
  LikeToggleResult,
  Post,
  ProfileWithPosts,
  PushPublicKey,
  SharedInvite,
  SignOutResponse,
  Statistics,
  StreakTestResult,
  UnreadCount,
  UploadedImage,
  UploadUrl,
  UserListItem,
} from '@daybreak/contracts';
import { MAX_PAGE_OFFSET, timeClassificationSchema } from '@daybreak/contracts';
import { z } from 'zod';
import type { SocialProfile } from '../downstream/social.client';

/**
 * The API's answers as zod schemas, for the OpenAPI description (`/api/docs.json`). Each is checked
 * against its type in libs/contracts (`satisfies z.ZodType<T>`), so a field added to a contract and
 * not here fails the typecheck instead of leaving the description behind.
 */

const nullableString = z.string().nullable();
const isoDate = z.string();

/** `/health/live` and `/health/ready` (libs/nest-common's HealthModule). */
export const healthStatus = z.object({
  status: z.literal('ok'),
  checks: z.record(z.string(), z.string()).optional(),
});

export const errorBody = z.object({
  statusCode: z.int(),
  code: z.string(),
  message: z.string(),
}) satisfies z.ZodType<ApiErrorBody>;

export const userSummary = z.object({
  id: z.string(),
  firstName: nullableString,
  lastName: nullableString,
  profileName: nullableString,
  profileImageUrl: nullableString,
});

export const comment = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: isoDate,
  user: userSummary,
  isHidden: z.boolean().optional(),
}) satisfies z.ZodType<Comment>;

export const post = z.object({
  id: z.string(),
  content: z.string(),
  imageUrl: nullableString,
  userId: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
  timezone: z.string(),
  timeClassification: timeClassificationSchema,
  isEarlyMorning: z.boolean(),
  likesCount: z.int(),
  commentsCount: z.int(),
  isLiked: z.boolean(),
  user: userSummary,
  comments: z.array(comment),
  isHidden: z.boolean().optional(),
}) satisfies z.ZodType<Post>;

export const badge = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  emoji: z.string(),
  category: z.enum(['milestone', 'streak', 'social', 'other']),
  requirement: z.number(),
  requirementType: z.enum([
    '5am_posts',
    '6am_posts',
    '5am_days',
    '6am_days',
    'streak',
    'invites_sent',
    'successful_invites',
  ]),
  earnedAt: nullableString,
  progress: z.number(),
  target: z.number(),
}) satisfies z.ZodType<Badge>;

const badgeSummary = badge.pick({ id: true, name: true, emoji: true, progress: true, target: true });

export const createPostResponse = z.object({
  post,
  newBadges: z.array(badgeSummary),
  nextEligibleBadges: z.array(badgeSummary),
}) satisfies z.ZodType<CreatePostResponse>;

export const likeStatus = z.object({ isLiked: z.boolean() }) satisfies z.ZodType<LikeStatus>;
export const likeToggle = z.object({
  isLiked: z.boolean(),
  likesCount: z.int(),
}) satisfies z.ZodType<LikeToggleResult>;

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

export const statistics = z.object({
  fiveAmPostsCount: z.int(),
  sixAmPostsCount: z.int(),
  currentStreak: z.int(),
  longestStreak: z.int(),
  /** Streak freezes held (0–2, ADR 0028). */
  freezesHeld: z.int(),
  last30DaysActivity: z.array(
    z.object({ date: z.string(), activityType: z.enum(['5am', '6am', 'frozen', 'any', 'none']) }),
  ),
}) satisfies z.ZodType<Statistics>;

export const userListItem = userSummary.extend({
  email: nullableString.optional(),
  isFollowing: z.boolean().optional(),
}) satisfies z.ZodType<UserListItem>;

export const followResult = z.object({
  isFollowing: z.boolean(),
  followersCount: z.int(),
}) satisfies z.ZodType<FollowResult>;

export const leaderboardEntry = z.object({
  id: z.string(),
  isCurrentUser: z.boolean(),
  profileName: nullableString,
  firstName: nullableString,
  lastName: nullableString,
  email: nullableString,
  profileImageUrl: nullableString,
  fiveAmDaysThisWeek: z.int(),
  sixAmDaysThisWeek: z.int(),
  currentStreak: z.int(),
  weeklyData: z.array(
    z.object({ date: z.string(), dayName: z.string(), activityType: z.enum(['5am', '6am', 'none']) }),
  ),
}) satisfies z.ZodType<LeaderboardEntry>;

export const generatedInvite = z.object({
  inviteCode: z.string(),
  expiresAt: z.string(),
}) satisfies z.ZodType<GeneratedInvite>;

export const sharedInvite = z.object({ counted: z.boolean() }) satisfies z.ZodType<SharedInvite>;

export const inviteLookup = z.object({
  inviter: z.object({
    profileName: nullableString,
    firstName: nullableString,
    lastName: nullableString,
    profileImageUrl: nullableString,
    streakCount: z.int(),
    isCurrentUser: z.boolean(),
  }),
}) satisfies z.ZodType<InviteLookup>;

export const inviteAccepted = z.object({ inviterId: z.string(), accepted: z.boolean() });

export const notification = z.object({
  id: z.string(),
  type: z.string(),
  kind: nullableString.optional(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: isoDate,
  fromUserId: nullableString,
  postId: nullableString.optional(),
  fromUser: userSummary.omit({ id: true }).nullable().optional(),
  post: z.object({ imageUrl: nullableString }).nullable().optional(),
}) satisfies z.ZodType<AppNotification>;

export const unreadCount = z.object({ count: z.int() }) satisfies z.ZodType<UnreadCount>;
export const pushPublicKey = z.object({ publicKey: z.string() }) satisfies z.ZodType<PushPublicKey>;

export const uploadUrl = z.object({ uploadURL: z.string() }) satisfies z.ZodType<UploadUrl>;
export const uploadedImage = z.object({ objectPath: z.string() }) satisfies z.ZodType<UploadedImage>;

export const streakTestResult = z.object({
  user: userSummary,
  timezone: z.string(),
  currentStats: statistics
    .pick({
      currentStreak: true,
      longestStreak: true,
      fiveAmPostsCount: true,
      sixAmPostsCount: true,
      freezesHeld: true,
    })
    .extend({ freezesEarned: z.int(), freezesUsed: z.int() }),
  earlyPosts: z.array(
    z.object({
      id: z.string(),
      content: z.string(),
      date: z.string(),
      localTime: z.string(),
      timeClassification: timeClassificationSchema,
    }),
  ),
}) satisfies z.ZodType<StreakTestResult>;

/** Request bodies: what the services validate (they give the 400 with a readable message). */
export const requests = {
  newPost: z.object({
    content: z.string().max(2000),
    timezone: z.string(),
    image: z.string().meta({ format: 'binary' }).optional(),
  }),
  comment: z.object({ content: z.string().min(1).max(1000) }),
  profile: z.object({ profileName: z.string().max(50), bio: z.string().max(200) }),
  profilePhoto: z.object({ profileImageUrl: z.string() }),
  timezone: z.object({ timezone: z.string() }),
  subscribe: z.object({
    subscription: z.object({
      endpoint: z.string(),
      expirationTime: z.number().nullable().optional(),
      keys: z.object({ p256dh: z.string(), auth: z.string() }),
    }),
  }),
  unsubscribe: z.object({ endpoint: z.string() }),
};

/**
 * A paged list's query: `limit` items from `offset`. The services answer 400 outside these bounds,
 * past MAX_PAGE_OFFSET with PAGE_TOO_DEEP_MESSAGE.
 */
export const pageQuery = (maxLimit: number) =>
  z.object({
    limit: z.number().int().min(1).max(maxLimit).optional(),
    offset: z
      .number()
      .int()
      .min(0)
      .max(MAX_PAGE_OFFSET)
      .optional()
      .describe(`Items to skip; past ${MAX_PAGE_OFFSET} the answer is a 400 (paging goes no deeper).`),
  });
