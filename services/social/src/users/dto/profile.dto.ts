import { STORED_IMAGE_PATH, USERS_LIST_LIMIT } from '@daybreak/contracts';
import { pageOffsetSchema, timeZoneSchema } from '@daybreak/nest-common';
import { z } from 'zod';
import { SEARCH_QUERY_MAX_LENGTH, normalizeSearchQuery } from '../domain/search-query';

/** Spec §5: profile name up to 50 characters, bio up to 200; both trimmed, blank means none. */
export const PROFILE_NAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 200;

const trimmedText = (field: string, label: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .transform((value) => value.trim())
    .pipe(z.string().max(max, `${label} can be at most ${max} characters.`))
    .transform((value) => value || null);

export const profileUpdateSchema = z
  .object({
    profileName: trimmedText('profileName', 'Profile name', PROFILE_NAME_MAX_LENGTH).nullish(),
    bio: trimmedText('bio', 'Bio', BIO_MAX_LENGTH).nullish(),
  })
  .refine((update) => update.profileName !== undefined || update.bio !== undefined, {
    message: 'Send a profileName, a bio, or both.',
  });

export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/**
 * A stored image's path as the media service answers an upload: `/objects/<uuid>`. The gateway has
 * already asked the media service that this member uploaded it; the shape is checked here again so
 * nothing else (an outside URL, a dot segment) can ever be stored.
 */
export const profilePhotoSchema = z.object({
  profileImageUrl: z
    .string({ error: 'profileImageUrl must be text' })
    .regex(STORED_IMAGE_PATH, 'profileImageUrl must be the path of a photo you uploaded.'),
});

export const timezoneUpdateSchema = z.object({ timezone: timeZoneSchema });

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(USERS_LIST_LIMIT).default(20),
  offset: pageOffsetSchema,
});

export const usersListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(USERS_LIST_LIMIT).default(USERS_LIST_LIMIT),
});

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Please enter a name to search for.' })
    .max(SEARCH_QUERY_MAX_LENGTH * 10, 'Search text is too long.')
    .transform(normalizeSearchQuery)
    .pipe(z.string({ error: 'Please enter a name to search for.' })),
});
