import { displayName, type UserProfile } from '@daybreak/contracts';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { displayInitial } from '@/features/auth/user-initial';

/** Photo or initial, name (spec §3 fallbacks), bio and follow counts; `actions` holds the buttons. */
export function ProfileHeader({ profile, actions }: { profile: UserProfile; actions?: ReactNode }) {
  const name = displayName(profile);
  return (
    <Card className="p-5" data-testid="profile-header">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
        <Avatar src={profile.profileImageUrl} initial={displayInitial(profile)} alt={name} size="xl" />
        <div className="min-w-0 flex-1 space-y-2">
          <h1 className="text-2xl font-black tracking-tight wrap-anywhere" data-testid="profile-name">
            {name}
          </h1>
          {profile.bio && (
            <p className="text-sm wrap-anywhere whitespace-pre-line text-ink-soft" data-testid="profile-bio">
              {profile.bio}
            </p>
          )}
          <div className="flex justify-center gap-5 text-sm text-subtle sm:justify-start">
            <p>
              <span className="font-black text-ink tabular-nums" data-testid="followers-count">
                {profile.followersCount}
              </span>{' '}
              {profile.followersCount === 1 ? 'follower' : 'followers'}
            </p>
            <p>
              <span className="font-black text-ink tabular-nums" data-testid="following-count">
                {profile.followingCount}
              </span>{' '}
              following
            </p>
          </div>
          {profile.email && (
            <p className="text-sm text-subtle" data-testid="profile-email">
              {profile.email}
            </p>
          )}
        </div>
        {actions && <div className="flex flex-wrap justify-center gap-2 sm:flex-col">{actions}</div>}
      </div>
    </Card>
  );
}
