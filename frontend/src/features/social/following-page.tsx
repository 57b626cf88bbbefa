import { Users } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SignInPrompt } from '@/features/auth/sign-in-prompt';
import { useAuth } from '@/features/auth/use-auth';
import { FindPeople } from './find-people';
import { LeaderboardTab } from '@/features/streaks/leaderboard-tab';

export type FollowingTab = 'leaderboard' | 'find-people';

/** `/following` (spec §2): LEADERBOARD and FIND PEOPLE; guests see a sign-up prompt. */
export function FollowingPage({
  tab,
  onTabChange,
}: {
  tab: FollowingTab;
  onTabChange: (tab: FollowingTab) => void;
}) {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) {
    return (
      <SignInPrompt
        title="FOLLOWING"
        description="Sign up to find other early risers, follow them and compete on the weekly leaderboard."
        returnTo="/following"
        icon={<Users className="size-10 text-accent" aria-hidden="true" />}
      />
    );
  }
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6">
      <Tabs value={tab} onValueChange={(value) => onTabChange(value as FollowingTab)}>
        <TabsList>
          <TabsTrigger value="leaderboard" data-testid="tab-leaderboard">
            LEADERBOARD
          </TabsTrigger>
          <TabsTrigger value="find-people" data-testid="tab-find-people">
            FIND PEOPLE
          </TabsTrigger>
        </TabsList>
        <TabsContent value="leaderboard">
          <LeaderboardTab onFindPeople={() => onTabChange('find-people')} />
        </TabsContent>
        <TabsContent value="find-people">
          <FindPeople />
        </TabsContent>
      </Tabs>
    </div>
  );
}
