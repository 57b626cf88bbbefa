import { Card } from '@/components/ui/card';
import { InvitePrompt } from '@/features/invites/invite-prompt';

/** Spec §2: the following counts are simulated, so the invite prompt can be seen without data. */
const SIMULATED = { followersCount: 2, followingCount: 0 };

/** Internal page: a member with 2 followers and nobody followed, and the invite prompt it triggers. */
export function EmptyFollowingTestPage() {
  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-black tracking-tight">Empty following test</h1>
      <Card className="flex justify-around p-5 text-center" data-testid="simulated-counts">
        <p>
          <span className="block text-2xl font-black" data-testid="followers-count">
            {SIMULATED.followersCount}
          </span>
          <span className="text-xs font-bold tracking-wide text-subtle uppercase">followers</span>
        </p>
        <p>
          <span className="block text-2xl font-black" data-testid="following-count">
            {SIMULATED.followingCount}
          </span>
          <span className="text-xs font-bold tracking-wide text-subtle uppercase">following</span>
        </p>
      </Card>
      <InvitePrompt followersCount={SIMULATED.followersCount} />
    </div>
  );
}
