import { toast } from '@/components/ui/use-toast';
import { trackEvent, type AnalyticsProperties } from '@/lib/analytics';
import { shareLink, type ShareEnvironment, type SharePayload } from '@/lib/share';

/** Spec §9: the link-copied toast shows for 2 s. */
const LINK_COPIED_TOAST_MS = 2000;

/**
 * Runs the share chain and tells the visitor what happened: a toast when the link was copied or nothing
 * worked, and one `share` analytics event when something was shared (not when the sheet was closed).
 */
export async function shareWithFeedback(
  payload: SharePayload,
  feedback: { copiedMessage: string; analytics: AnalyticsProperties },
  env?: ShareEnvironment,
): Promise<void> {
  const outcome = await shareLink(payload, env);
  if (outcome === 'copied') {
    toast({ description: feedback.copiedMessage, duration: LINK_COPIED_TOAST_MS });
  } else if (outcome === 'failed') {
    toast({ title: 'Error', description: 'Unable to share or copy link.', variant: 'destructive' });
  }
  if (outcome !== 'failed' && outcome !== 'cancelled') {
    trackEvent('share', { ...feedback.analytics, method: outcome });
  }
}
