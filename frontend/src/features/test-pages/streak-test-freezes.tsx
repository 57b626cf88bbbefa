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
    <Card
      className="grid grid-cols-3 gap-3 p-4 sm:grid-cols-4 sm:items-center"
      data-testid="streak-test-freezes"
    >
      <h2 className="col-span-3 text-sm font-black tracking-widest text-cyan-700 sm:col-span-1 dark:text-cyan-300">
        STREAK FREEZES
      </h2>
      {figures.map(({ label, value, testId }) => (
        <p key={label} className="rounded-xl bg-cyan-50 p-2 text-center dark:bg-cyan-950">
          <span
            className="block text-2xl font-black text-cyan-800 tabular-nums dark:text-cyan-100"
            data-testid={testId}
          >
            {value}
          </span>
          <span className="text-[11px] font-black tracking-widest text-cyan-700 dark:text-cyan-200">
            {label}
          </span>
        </p>
      ))}
    </Card>
  );
}
