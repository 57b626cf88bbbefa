import type { Badge as BadgeData } from '@daybreak/contracts';
import { useQuery } from '@tanstack/react-query';
import { Award, Target, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TryAgainButton } from '@/components/ui/try-again-button';
import { statisticsQueryOptions } from '@/features/streaks/queries';
import { dateFormat } from '@/lib/time';
import { BadgeTarget } from './badge-progress-bar';
import { nextTargets, unearnedBadges, upcomingBadges } from './badge-progress';
import { badgeCatalogueQueryOptions, profileBadgesQueryOptions } from './queries';

export interface ProfileBadgeSectionsProps {
  /** Whose badges: the profile's member. */
  userId: string;
  /** The viewer's own profile: progress toward every kind of badge is known (see `badgeProgress`). */
  isOwn: boolean;
}

const earnedDate = (earnedAt: string) =>
  dateFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(earnedAt));

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="p-5" role="region" aria-label={title}>
      <h2 className="mb-3 flex items-center gap-1.5 text-sm font-black tracking-widest text-subtle">
        {icon}
        {title}
      </h2>
      {children}
    </Card>
  );
}

/**
 * The profile's badge sections (spec §2): earned badges, upcoming badges (8 then '+N MORE') and up to 3
 * next targets with progress bars. Fetches its own data: earned badges, the catalogue and statistics.
 */
export function ProfileBadgeSections({ userId, isOwn }: ProfileBadgeSectionsProps) {
  const earned = useQuery(profileBadgesQueryOptions(userId));
  const catalogue = useQuery(badgeCatalogueQueryOptions());
  const statistics = useQuery(statisticsQueryOptions(userId));

  if (earned.isPending || catalogue.isPending || statistics.isPending) {
    return (
      <div
        role="status"
        className="space-y-4"
        aria-busy="true"
        aria-label="Loading badges"
        data-testid="profile-badges-loading"
      >
        {[0, 1, 2].map((index) => (
          <Card key={index} className="space-y-3 p-5">
            <Skeleton className="h-4 w-36" />
            <div className="grid grid-cols-4 gap-2">
              {[0, 1, 2, 3].map((cell) => (
                <Skeleton key={cell} className="h-16" />
              ))}
            </div>
          </Card>
        ))}
      </div>
    );
  }

  if (earned.isLoadingError || catalogue.isLoadingError) {
    return (
      <Card className="p-5 text-sm text-danger-ink" role="alert" data-testid="profile-badges-error">
        Couldn't load the badges.{' '}
        <TryAgainButton
          onClick={() => {
            void earned.refetch();
            void catalogue.refetch();
          }}
        />
      </Card>
    );
  }

  // Statistics only sharpen the progress; without them the catalogue's numbers still serve.
  const unearned = unearnedBadges(catalogue.data, earned.data);
  const upcoming = upcomingBadges(unearned);
  const targets = nextTargets(unearned, statistics.data, isOwn);

  return (
    <div className="space-y-4" data-testid="profile-badges">
      <Section title="EARNED BADGES" icon={<Trophy className="size-4" aria-hidden="true" />}>
        {earned.data.length === 0 ? (
          <p className="text-sm text-subtle" data-testid="earned-badges-empty">
            {isOwn
              ? 'No badges yet. Post between 4:30 and 6:30 AM to earn your first!'
              : 'No badges earned yet.'}
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {earned.data.map((badge) => (
              <EarnedBadge key={badge.id} badge={badge} />
            ))}
          </ul>
        )}
      </Section>

      {upcoming.shown.length > 0 && (
        <Section title="UPCOMING BADGES" icon={<Award className="size-4" aria-hidden="true" />}>
          <ul className="flex flex-wrap gap-2">
            {upcoming.shown.map((badge) => (
              <li
                key={badge.id}
                title={badge.description}
                className="inline-flex items-center gap-1 rounded-full bg-canvas px-3 py-1 text-xs font-bold text-muted"
                data-testid="upcoming-badge"
              >
                <span aria-hidden="true" className="grayscale">
                  {badge.emoji || badge.icon}
                </span>
                {badge.name}
              </li>
            ))}
            {upcoming.more > 0 && (
              <li
                className="inline-flex items-center rounded-full px-3 py-1 text-xs font-black tracking-wide text-subtle ring-1 ring-line-strong"
                data-testid="upcoming-badges-more"
              >
                +{upcoming.more} MORE
              </li>
            )}
          </ul>
        </Section>
      )}

      {targets.length > 0 && (
        <Section title="NEXT TARGETS" icon={<Target className="size-4" aria-hidden="true" />}>
          <ul className="space-y-3">
            {targets.map((badge) => (
              <li key={badge.id}>
                <BadgeTarget badge={badge} />
              </li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}

function EarnedBadge({ badge }: { badge: BadgeData }) {
  return (
    <li
      className="flex flex-col items-start gap-2 rounded-xl bg-highlight p-3 ring-1 ring-highlight-ring sm:flex-row"
      title={badge.description}
      data-testid="earned-badge"
      data-badge-id={badge.id}
    >
      <span className="text-2xl leading-none" aria-hidden="true">
        {badge.emoji || badge.icon}
      </span>
      <span className="min-w-0">
        <span className="block text-sm leading-tight font-black text-balance text-ink">{badge.name}</span>
        {badge.earnedAt && (
          <time dateTime={badge.earnedAt} className="block text-xs text-subtle">
            Earned {earnedDate(badge.earnedAt)}
          </time>
        )}
      </span>
    </li>
  );
}
