import type { Comment, CreatePostResponse, LikeStatus, LikeToggleResult, Post } from '@daybreak/contracts';
import { timeClassificationSchema } from '@daybreak/contracts';
import { z } from 'zod';
import { isoDate, nullableString, userSummary } from './common-schemas';
import { badge } from './streak-schemas';

/** Posts, their comments and likes as `/api/docs.json` describes them, each checked against its type. */

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
