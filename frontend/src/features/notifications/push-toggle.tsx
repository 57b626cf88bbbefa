import { BellOff, BellRing } from 'lucide-react';
import { usePushState } from './use-push-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { PushPermissionDeniedError, disablePush, enablePush, type PushState } from '@/lib/push';

const descriptions: Record<PushState, string> = {
  unsupported: 'This browser does not support push notifications.',
  unsubscribed: 'Get a notification on this device when someone likes, comments or follows.',
  subscribed: 'Push notifications are on for this device.',
  loading: 'One moment…',
};

/** Why enabling failed, as the toast words it (spec §8). */
function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Turns push on for this device and says how it went in a toast (spec §8); answers whether it is on.
 * The push toggle's ENABLE, and the Mornings section's beside its note that reminders are in-app only.
 */
export async function enablePushWithFeedback(): Promise<boolean> {
  try {
    await enablePush();
    toast({ description: 'Push notifications enabled successfully.', variant: 'success' });
    return true;
  } catch (error) {
    if (error instanceof PushPermissionDeniedError) {
      toast({
        title: 'Permission Required',
        description: 'Allow notifications for this site in your browser settings, then try again.',
        variant: 'destructive',
      });
    } else {
      toast({
        description: `Failed to enable push notifications: ${reason(error)}`,
        variant: 'destructive',
      });
    }
    return false;
  }
}

/** The own profile's push toggle (spec §2, §4 Push: unsupported, unsubscribed, subscribed, loading). */
export function PushToggle() {
  const [state, setState] = usePushState();

  async function enable() {
    setState('loading');
    setState((await enablePushWithFeedback()) ? 'subscribed' : 'unsubscribed');
  }

  async function disable() {
    setState('loading');
    try {
      await disablePush();
      setState('unsubscribed');
    } catch {
      setState('subscribed');
      toast({ description: 'Failed to disable push notifications.', variant: 'destructive' });
    }
  }

  const Icon = state === 'subscribed' ? BellRing : BellOff;
  return (
    <Card className="flex items-center gap-4 px-5 py-4" data-testid="push-toggle" data-state={state}>
      <Icon className="size-6 shrink-0 text-accent" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 className="text-xs font-black tracking-widest uppercase">Push notifications</h2>
        <p className="text-sm text-muted">{descriptions[state]}</p>
      </div>
      {state === 'loading' && <Spinner label="Updating push notifications" />}
      {state === 'unsubscribed' && (
        <Button size="sm" variant="primary" onClick={() => void enable()} data-testid="push-enable">
          ENABLE
        </Button>
      )}
      {state === 'subscribed' && (
        <Button size="sm" variant="outline" onClick={() => void disable()} data-testid="push-disable">
          DISABLE
        </Button>
      )}
    </Card>
  );
}
