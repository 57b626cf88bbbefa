import { Snowflake } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The most freezes a member holds (ADR 0028); one is earned for every 7 streak days. */
const MAX_FREEZES_HELD = 2;

/** Streak freezes held: two snowflakes, lit for each one held, and what they do. */
export function FreezesHeld({ held }: { held: number }) {
  return (
    <div
      className="flex items-center gap-3 rounded-xl bg-cyan-50 px-3 py-2 text-sm text-cyan-900 dark:bg-cyan-950 dark:text-cyan-100"
      data-testid="stat-freezes"
    >
      <span className="flex gap-0.5" aria-hidden="true">
        {Array.from({ length: MAX_FREEZES_HELD }, (_, index) => (
          <Snowflake
            key={index}
            className={cn(
              'size-5',
              index < held ? 'text-cyan-600 dark:text-cyan-300' : 'text-cyan-200 dark:text-cyan-800',
            )}
            strokeWidth={2.5}
          />
        ))}
      </span>
      <p>
        <span className="font-black tabular-nums" data-testid="stat-freezes-held">
          {held}
        </span>{' '}
        of {MAX_FREEZES_HELD} streak freezes held
        <span className="block text-xs text-cyan-700 dark:text-cyan-200">
          Earn one every 7 days of a streak; a missed morning uses one.
        </span>
      </p>
    </div>
  );
}
