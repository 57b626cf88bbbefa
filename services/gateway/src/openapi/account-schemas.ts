import {
  DELETE_ACCOUNT_CONFIRMATION,
  timeClassificationSchema,
  type AccountExport,
  type DeleteAccountRequest,
} from '@daybreak/contracts';
import { z } from 'zod';
import { notification } from './notification-schemas';
import { badge, statistics } from './streak-schemas';

/** The account's routes as `/api/docs.json` describes them, each checked against its contract type. */

export const deleteAccountRequest = z.object({
  confirm: z.literal(DELETE_ACCOUNT_CONFIRMATION),
}) satisfies z.ZodType<DeleteAccountRequest>;

const nullableString = z.string().nullable();
const exportedMember = z.object({
  id: z.string(),
  firstName: nullableString,
  lastName: nullableString,
  profileName: nullableString,
  profileImageUrl: nullableString,
  since: z.string(),
});

export const accountExport = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    email: nullableString,
    firstName: nullableString,
    lastName: nullableString,
    profileName: nullableString,
    profileImageUrl: nullableString,
    bio: nullableString,
    timezone: nullableString,
    createdAt: z.string(),
    followersCount: z.int(),
    followingCount: z.int(),
  }),
  posts: z.array(
    z.object({
      id: z.string(),
      content: z.string(),
      imageUrl: nullableString,
      timezone: z.string(),
      timeClassification: timeClassificationSchema,
      createdAt: z.string(),
      likesCount: z.int(),
      commentsCount: z.int(),
    }),
  ),
  comments: z.array(
    z.object({ id: z.string(), postId: z.string(), content: z.string(), createdAt: z.string() }),
  ),
  likes: z.array(z.object({ postId: z.string(), createdAt: z.string() })),
  following: z.array(exportedMember),
  followers: z.array(exportedMember),
  blocked: z.array(exportedMember),
  muted: z.array(exportedMember),
  badges: z.array(badge),
  statistics,
  notifications: z.array(notification),
}) satisfies z.ZodType<AccountExport>;
