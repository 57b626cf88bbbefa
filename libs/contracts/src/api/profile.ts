import type { Post } from './post';
import type { UserProfile } from './user';

/** `GET /api/profile/{id}`: the member (spec §3 User) with their posts, newest first. */
export interface ProfileWithPosts extends UserProfile {
  posts: Post[];
}

/** Spec §5/§9: the longest profile name and bio a member may save. */
export const PROFILE_NAME_MAX_LENGTH = 50;
export const BIO_MAX_LENGTH = 200;

/** `PUT /api/profile` (spec §5: profile name up to 50 characters, bio up to 200). */
export interface ProfileUpdate {
  bio: string;
  profileName: string;
}

/** `PUT /api/profile-photo`: the path an upload answered with. */
export interface ProfilePhotoUpdate {
  profileImageUrl: string;
}

/** `POST /api/objects/upload`: a single-use address to PUT one file to. */
export interface UploadUrl {
  uploadURL: string;
}

/** The answer to the upload PUT: where the stored image is served from (`/objects/...`). */
export interface UploadedImage {
  objectPath: string;
}

/** `PUT /api/profile/timezone`: the browser's IANA zone, sent when it differs from the stored one. */
export interface TimezoneUpdate {
  timezone: string;
}
