import { Trophy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/**
 * Slot: the weekly LEADERBOARD (spec §2), built by the streaks issue. Until then it points the member
 * to FIND PEOPLE, where the people to compete with come from.
 */
export function LeaderboardSlot({ onFindPeople }: { onFindPeople: () => void }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="leaderboard-slot">
      <Trophy className="size-10 text-amber-500" aria-hidden="true" />
      <h2 className="text-lg font-black tracking-tight">NO LEADERBOARD YET</h2>
      <p className="max-w-sm text-sm text-stone-600">
        Follow other early risers to compete with them on this week's leaderboard.
      </p>
      <Button variant="primary" onClick={onFindPeople} data-testid="leaderboard-find-people">
        FIND PEOPLE
      </Button>
    </Card>
  );
}
