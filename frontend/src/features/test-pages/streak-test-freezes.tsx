import type { StreakTestResult } from '@daybreak/contracts';
import { Card } from '@/components/ui/card';

type FreezeCounts = Pick<StreakTestResult['currentStats'], 'freezesHeld' | 'freezesEarned' | 'freezesUsed'>;

/** The streak test's freezes (ADR 0028): earned and used in the current streak's history, and held now. */
export function StreakTestFreezes({ stats }: { stats: FreezeCounts }) {
  const figures = [
    { label: 'EARNED', value: stats.freezesEarned, testId: 'streak-test-freezes-earned' },
    { label: 'USED', value: stats.freezesUsed, testId: 'streak-test-freezes-used' },
    { label: 'HELD', value: stats.freezesHeld, testId: 'streak-test-freezes-held' },
  ];
  return (
    <Card className="flex flex-wrap items-center gap-x-6 gap-y-2 p-4" data-testid="streak-test-freezes">
      <h2 className="text-sm font-black tracking-widest text-cyan-700">STREAK FREEZES</h2>
      {figures.map(({ label, value, testId }) => (
        <p key={label} className="text-sm text-stone-600">
          <span className="mr-1 text-xl font-black text-cyan-800 tabular-nums" data-testid={testId}>
            {value}
          </span>
          {label}
        </p>
      ))}
    </Card>
  );
}
