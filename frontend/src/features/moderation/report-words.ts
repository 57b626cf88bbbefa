import type { ReportReason, ReportTargetType } from '@daybreak/contracts';

/** What each reason means to the member choosing it (Mastodon's and Bluesky's lists, shortened). */
export const REASON_WORDS: Record<ReportReason, { label: string; hint: string }> = {
  spam: { label: 'Spam', hint: 'Ads, scams or the same thing again and again' },
  harassment: { label: 'Harassment', hint: 'Bullying, threats or targeting someone' },
  hate: { label: 'Hate', hint: 'Attacks on people for who they are' },
  violence: { label: 'Violence', hint: 'Threats or praise of violence' },
  nudity: { label: 'Nudity', hint: 'Sexual or explicit content' },
  other: { label: 'Something else', hint: 'Tell the moderators below' },
};

export const TARGET_WORDS: Record<ReportTargetType, string> = {
  post: 'post',
  comment: 'comment',
  user: 'member',
};
