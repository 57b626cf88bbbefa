import { useQuery } from '@tanstack/react-query';
import { AlarmClock, BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { enablePushWithFeedback } from '@/features/notifications/push-toggle';
import { errorDetail } from '@/lib/api-client';
import { usePushState } from '@/features/notifications/use-push-state';
import { onPushStateChange } from '@/lib/push';
import { DayPicker, SettingSwitch } from './mornings-controls';
import { reminderSettingsQueryOptions, useChangeReminderSettings } from './queries';

/**
 * The own profile's "Mornings" (issue 43): the wake-up reminder (time and days), the streak-at-risk
 * nudge and the weekly recap. Each change is saved at once. Without push on this device the reminders
 * come in-app only, which it says, with push's ENABLE beside it; once push is on, it offers the
 * reminder to a member who has it off.
 */
export function MorningsSection() {
  const settings = useQuery(reminderSettingsQueryOptions());
  const [push, setPush] = usePushState();
  const [pushJustEnabled, setPushJustEnabled] = useState(false);
  useEffect(() => onPushStateChange((state) => setPushJustEnabled(state === 'subscribed')), []);
  const change = useChangeReminderSettings((error) =>
    toast({
      title: 'NOT SAVED',
      description: errorDetail(error) ?? 'Your reminder settings could not be saved. Please try again.',
      variant: 'destructive',
    }),
  );

  if (settings.isPending) return <Skeleton className="h-56 w-full" />;
  if (settings.isLoadingError)
    return (
      <Card className="px-5 py-4 text-sm text-muted" data-testid="mornings-section">
        Your morning settings could not be loaded.{' '}
        <Button variant="link" size="sm" onClick={() => void settings.refetch()}>
          Try Again
        </Button>
      </Card>
    );

  const current = settings.data;
  async function turnOnPush() {
    setPush('loading');
    setPush((await enablePushWithFeedback()) ? 'subscribed' : 'unsubscribed');
  }

  return (
    <Card
      role="region"
      className="space-y-4 px-5 py-4"
      data-testid="mornings-section"
      aria-labelledby="mornings-title"
    >
      <div className="flex items-center gap-3">
        <AlarmClock className="size-6 shrink-0 text-accent" aria-hidden="true" />
        <h2 id="mornings-title" className="text-xs font-black tracking-widest uppercase">
          Mornings
        </h2>
      </div>
      {pushJustEnabled && !current.enabled && (
        <div
          className="flex flex-wrap items-center gap-3 rounded-xl bg-highlight px-4 py-3"
          data-testid="reminder-offer"
        >
          <BellRing className="size-5 shrink-0 text-accent" aria-hidden="true" />
          <p className="min-w-0 flex-1 text-sm text-ink-soft">
            Push is on. Want a wake-up reminder at {current.time}?
          </p>
          <Button size="sm" variant="primary" onClick={() => change({ enabled: true })}>
            TURN ON REMINDER
          </Button>
        </div>
      )}
      <SettingSwitch
        label="Wake-up reminder"
        description="“Rise and shine: your 5 AM window is open.”"
        checked={current.enabled}
        onChange={(enabled) => change({ enabled })}
        testId="reminder-enabled"
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3 pl-0.5">
        <label className="flex items-center gap-2 text-sm text-ink-soft">
          At
          <input
            type="time"
            required
            value={current.time}
            onChange={(event) => event.target.value && change({ time: event.target.value })}
            className="rounded-lg border border-line-strong bg-surface px-2 py-1 text-sm font-bold text-ink focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none"
            data-testid="reminder-time"
          />
        </label>
        <DayPicker days={current.days} onChange={(days) => change({ days })} />
      </div>
      {push !== 'subscribed' && push !== 'loading' && (
        <div
          className="flex flex-wrap items-center gap-3 rounded-xl bg-surface-muted px-4 py-3"
          data-testid="reminders-in-app-only"
        >
          <p className="min-w-0 flex-1 text-xs text-muted">
            {push === 'unsupported'
              ? 'This browser has no push notifications: reminders arrive in-app only.'
              : 'Push is off on this device: reminders arrive in-app only.'}
          </p>
          {push === 'unsubscribed' && (
            <Button
              size="sm"
              variant="outline"
              onClick={() => void turnOnPush()}
              data-testid="mornings-push-enable"
            >
              ENABLE PUSH
            </Button>
          )}
        </div>
      )}
      <hr className="border-line-soft" />
      <SettingSwitch
        label="Streak at risk"
        description="At 06:10 when your streak of 3 days or more ends at 6:30 and you haven't posted."
        checked={current.streakNudge}
        onChange={(streakNudge) => change({ streakNudge })}
        testId="reminder-streak-nudge"
      />
      <SettingSwitch
        label="Weekly recap"
        description="Mondays at 07:00: last week's early mornings and your place among the people you follow."
        checked={current.weeklyRecap}
        onChange={(weeklyRecap) => change({ weeklyRecap })}
        testId="reminder-weekly-recap"
      />
    </Card>
  );
}
