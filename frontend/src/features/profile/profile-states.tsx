/**
 * The profile screen's states other than a profile (loading, missing, failed), and the logout button
 * the failure shares with the member's own profile.
 */
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { logout } from '@/features/auth/session';
import { PostCardSkeleton } from '@/features/posts/post-card-skeleton';

/** A profile that is not there (MEMBER NOT FOUND), or did not load (with Try Again). */
export function ProfileError({
  notFound,
  onRetry,
  withLogout = false,
}: {
  notFound: boolean;
  onRetry?: () => void;
  withLogout?: boolean;
}) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="profile-error">
      <h1 className="text-xl font-black tracking-tight">
        {notFound ? 'MEMBER NOT FOUND' : 'Unable to load this profile'}
      </h1>
      {!notFound && onRetry && (
        <Button variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      )}
      {withLogout && <LogoutButton />}
    </Card>
  );
}

export function LogoutButton() {
  return (
    <Button variant="destructive" onClick={() => void logout()} data-testid="logout-button">
      <LogOut aria-hidden="true" /> LOGOUT
    </Button>
  );
}

export function ProfileSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading profile" data-testid="profile-skeleton">
      <Card className="flex items-center gap-4 p-5">
        <Skeleton rounded="full" className="size-24" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-3 w-56" />
          <Skeleton className="h-3 w-24" />
        </div>
      </Card>
      <PostCardSkeleton />
    </div>
  );
}
