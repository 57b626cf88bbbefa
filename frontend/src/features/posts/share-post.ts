import { toast } from '@/components/ui/use-toast';
import { trackEvent } from '@/lib/analytics';
import { postSharePayload, shareLink, type ShareEnvironment } from '@/lib/share';

/** Spec §9: the link-copied toast shows for 2 s. */
export const LINK_COPIED_TOAST_MS = 2000;

export async function sharePost(
  post: { id: string; content: string },
  env?: ShareEnvironment,
  origin: string = window.location.origin,
): Promise<void> {
  const outcome = await shareLink(postSharePayload(post, origin), env);
  if (outcome === 'copied') {
    toast({ description: 'Post link copied to clipboard!', duration: LINK_COPIED_TOAST_MS });
  } else if (outcome === 'failed') {
    toast({ title: 'Error', description: 'Unable to share or copy link.', variant: 'destructive' });
  }
  if (outcome !== 'failed' && outcome !== 'cancelled') {
    trackEvent('share', { content_type: 'post', post_id: post.id, method: outcome });
  }
}
