import type { StreakTestResult, UserListItem } from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/use-auth';
import { ClubChip } from '@/features/posts/club-chip';
import { listDisplayName } from '@/features/streaks/list-name';
import { streakTestQueryOptions, usersQueryOptions } from '@/features/streaks/queries';
import { streakTone, streakToneClass, type StreakTone } from '@/features/streaks/streak-tone';
import { DEFAULT_TIMEZONE, TIMEZONE_OPTIONS } from '@/features/streaks/timezones';
import { cn } from '@/lib/cn';

export const STREAK_TEST_GUEST_MESSAGE = 'Please log in to access streak testing.';

/** Spec §8: streak test failures are logged only; the page just shows no result. */
function useLogFailure(error: Error | null, what: string) {
  useEffect(() => {
    if (error) console.error(`Streak test: ${what} failed`, error);
  }, [error, what]);
}

/** The picker's members: the list from the server, with the viewer first when the list lacks them. */
export function pickerMembers(
  viewer: UserListItem,
  users: readonly UserListItem[] | undefined,
): UserListItem[] {
  const others = (users ?? []).filter((user) => user.id !== viewer.id);
  return [viewer, ...others];
}

/** Internal page (spec §2): a member's streaks and early posts as computed in a chosen timezone. */
export function StreakCalculationTestPage() {
  const { user } = useAuth();
  if (!user) {
    return (
      <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
        <h1 className="text-2xl font-black tracking-tight">Streak calculation test</h1>
        <Card
          className="px-6 py-12 text-center text-sm font-semibold text-ink-soft"
          data-testid="streak-test-guest"
        >
          {STREAK_TEST_GUEST_MESSAGE}
        </Card>
      </div>
    );
  }
  return <StreakCalculationTest viewer={user} />;
}

function StreakCalculationTest({ viewer }: { viewer: UserListItem }) {
  const [userId, setUserId] = useState(viewer.id);
  const [timezone, setTimezone] = useState<string>(DEFAULT_TIMEZONE);
  const users = useQuery(usersQueryOptions());
  const result = useQuery(streakTestQueryOptions(userId, timezone));
  useLogFailure(users.error, 'loading users');
  useLogFailure(result.error, 'calculation');

  const selectClass =
    'mt-1 block w-full rounded-xl border border-line-strong bg-surface px-3 py-2 text-sm font-normal tracking-normal text-ink focus:border-amber-400 focus:outline-none';

  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-black tracking-tight">Streak calculation test</h1>
      <Card className="grid gap-4 p-4 sm:grid-cols-2">
        <label className="text-xs font-black tracking-widest text-subtle">
          MEMBER
          <select
            className={selectClass}
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
            data-testid="streak-test-user"
          >
            {pickerMembers(viewer, users.data).map((member) => (
              <option key={member.id} value={member.id}>
                {listDisplayName({ ...member, email: member.email ?? null })}
                {member.id === viewer.id ? ' (you)' : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs font-black tracking-widest text-subtle">
          TIMEZONE
          <select
            className={selectClass}
            value={timezone}
            onChange={(event) => setTimezone(event.target.value)}
            data-testid="streak-test-timezone"
          >
            {TIMEZONE_OPTIONS.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </label>
      </Card>

      {result.isPending && (
        <Card className="space-y-3 p-5" aria-busy="true" aria-label="Calculating streaks">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </Card>
      )}
      {result.data && <StreakTestReport result={result.data} />}
    </div>
  );
}

interface StatProps {
  label: string;
  value: number;
  testId: string;
  /** Streaks are coloured by length; counts are not. */
  tone?: StreakTone;
}

function Stat({ label, value, testId, tone }: StatProps) {
  return (
    <div
      className={cn('rounded-xl p-3 text-center ring-1', tone ? streakToneClass[tone] : 'ring-line')}
      data-testid={testId}
      data-tone={tone}
    >
      <span className="block text-3xl font-black" data-testid={`${testId}-value`}>
        {value}
      </span>
      <span className="text-[11px] font-black tracking-widest">{label}</span>
    </div>
  );
}

/** The result's date: a calendar date as sent, or an instant shown as the date in the tested zone. */
function postDate(date: string, timeZone: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  try {
    return new Date(date).toLocaleDateString('en-CA', { timeZone });
  } catch {
    return date;
  }
}

export function StreakTestReport({ result }: { result: StreakTestResult }) {
  const { currentStreak, longestStreak, fiveAmPostsCount, sixAmPostsCount } = result.currentStats;
  return (
    <div className="space-y-4" data-testid="streak-test-result">
      <Card className="grid grid-cols-2 gap-3 p-4 sm:grid-cols-4">
        <Stat
          label="CURRENT STREAK"
          value={currentStreak}
          testId="streak-test-current"
          tone={streakTone(currentStreak)}
        />
        <Stat
          label="LONGEST STREAK"
          value={longestStreak}
          testId="streak-test-longest"
          tone={streakTone(longestStreak)}
        />
        <Stat label="5AM POSTS" value={fiveAmPostsCount} testId="streak-test-5am" />
        <Stat label="6AM POSTS" value={sixAmPostsCount} testId="streak-test-6am" />
      </Card>
      <Card className="p-4">
        <h2 className="mb-3 text-sm font-black tracking-widest text-subtle">
          EARLY POSTS ({result.earlyPosts.length}) · {result.timezone}
        </h2>
        {result.earlyPosts.length === 0 ? (
          <p className="text-sm text-subtle" data-testid="streak-test-no-posts">
            No early posts yet.
          </p>
        ) : (
          <ul className="divide-y divide-line-soft">
            {result.earlyPosts.map((post) => (
              <li key={post.id} className="flex items-center gap-3 py-2" data-testid="streak-test-post">
                <span className="w-28 shrink-0 text-xs text-subtle">
                  {postDate(post.date, result.timezone)}
                  <span className="block font-bold text-ink-soft" data-testid="streak-test-post-time">
                    {post.localTime}
                  </span>
                </span>
                <span className="min-w-0 flex-1 truncate text-sm">{post.content}</span>
                <ClubChip classification={post.timeClassification} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
