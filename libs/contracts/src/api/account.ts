import type { Badge } from './badge';
import type { AppNotification } from './notification';
import type { TimeClassification } from '../events/post.events';
import type { Statistics, UserProfile, UserSummary } from './user';

/**
 * `DELETE /api/account` (issue 42): the body must say this word, as the member typed it in the
 * dialog, so no stray request deletes an account.
 */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';
export const DELETE_ACCOUNT_MESSAGE = 'Type DELETE to confirm that your account and everything in it go.';

/** `DELETE /api/account`'s body. */
export interface DeleteAccountRequest {
  confirm: typeof DELETE_ACCOUNT_CONFIRMATION;
}

/** The member's own profile as social keeps it, e-mail included: their profile page's fields. */
export interface ExportedProfile
  extends
    UserSummary,
    Pick<UserProfile, 'bio' | 'timezone' | 'createdAt' | 'followersCount' | 'followingCount'> {
  email: string | null;
}

/** Another member in one of the export's lists, and since when (the follow, the block, the mute). */
export interface ExportedMember extends UserSummary {
  since: string;
}

/** What social holds of a member: their profile and the people around them. */
export interface SocialExport {
  profile: ExportedProfile;
  following: ExportedMember[];
  followers: ExportedMember[];
  blocked: ExportedMember[];
  muted: ExportedMember[];
}

export interface ExportedPost {
  id: string;
  content: string;
  /** The photo's absolute URL, or null. */
  imageUrl: string | null;
  timezone: string;
  timeClassification: TimeClassification;
  createdAt: string;
  likesCount: number;
  commentsCount: number;
}

export interface ExportedComment {
  id: string;
  postId: string;
  content: string;
  createdAt: string;
}

export interface ExportedLike {
  postId: string;
  createdAt: string;
}

/** What posts holds of a member: their posts, their comments and their likes, oldest first. */
export interface PostsExport {
  posts: ExportedPost[];
  comments: ExportedComment[];
  likes: ExportedLike[];
}

/** `GET /api/account/export`: everything Daybreak holds of the member, as one JSON file. */
export interface AccountExport extends SocialExport, PostsExport {
  exportedAt: string;
  badges: Badge[];
  statistics: Statistics;
  notifications: AppNotification[];
}
