/** Profiles, badges, photos and the member's settings (spec §7): the profile screen's calls. */
import {
  FEED_PAGE_SIZE,
  type Badge,
  type Post,
  type ProfilePhotoUpdate,
  type ProfileUpdate,
  type ProfileWithPosts,
  type ReminderSettings,
  type Statistics,
  type TimezoneUpdate,
  type UploadUrl,
  type UploadedImage,
} from '@daybreak/contracts';
import { apiJson, getJson, segment, sendOnly, type RequestOptions } from './api-client';

export function fetchProfile(userId: string, options?: RequestOptions): Promise<ProfileWithPosts> {
  return getJson<ProfileWithPosts>(`/api/profile/${segment(userId)}`, options);
}

/** A page of a member's posts, newest first, `FEED_PAGE_SIZE` from `offset` (the profile carries the first). */
export function fetchProfilePosts(userId: string, offset: number, options?: RequestOptions): Promise<Post[]> {
  return getJson<Post[]>(
    `/api/profile/${segment(userId)}/posts?limit=${FEED_PAGE_SIZE}&offset=${offset}`,
    options,
  );
}

export function fetchStatistics(userId: string, options?: RequestOptions): Promise<Statistics> {
  return getJson<Statistics>(`/api/profile/${segment(userId)}/statistics`, options);
}

/** The badges a member has earned. */
export function fetchProfileBadges(userId: string, options?: RequestOptions): Promise<Badge[]> {
  return getJson<Badge[]>(`/api/profile/${segment(userId)}/badges`, options);
}

/** Every badge there is. */
export function fetchAllBadges(options?: RequestOptions): Promise<Badge[]> {
  return getJson<Badge[]>('/api/badges', options);
}

/** The screen refreshes the current user afterwards instead of reading the answer (spec §4). */
export function updateProfile(update: ProfileUpdate): Promise<void> {
  return sendOnly('PUT', '/api/profile', update);
}

export function updateProfilePhoto(photo: ProfilePhotoUpdate): Promise<void> {
  return sendOnly('PUT', '/api/profile-photo', photo);
}

/** Stores the browser's zone on the member, for "today" in streaks and the leaderboard. */
export function updateTimezone(update: TimezoneUpdate): Promise<void> {
  return sendOnly('PUT', '/api/profile/timezone', update);
}

/** The member's mornings: the wake-up reminder, the streak nudge and the weekly recap (issue 43). */
export function fetchReminderSettings(options?: RequestOptions): Promise<ReminderSettings> {
  return getJson<ReminderSettings>('/api/profile/reminders', options);
}

/** Saves the whole settings; the answer is what was stored. */
export function saveReminderSettings(settings: ReminderSettings): Promise<ReminderSettings> {
  return apiJson<ReminderSettings>('PUT', '/api/profile/reminders', settings);
}

/** Step 1 of a photo upload: a single-use address to PUT the file to. */
export function requestUploadUrl(): Promise<UploadUrl> {
  return apiJson<UploadUrl>('POST', '/api/objects/upload');
}

/** Step 2: the file itself, PUT to that address with its own content type. */
export function uploadFile(uploadURL: string, file: Blob): Promise<UploadedImage> {
  return apiJson<UploadedImage>('PUT', uploadURL, file);
}
