import type { BadgeSummary } from '@daybreak/contracts';
import { cn } from '@/lib/cn';

/** Share of the target reached, 0–100; a target of 0 counts as 1 so the bar never divides by zero. */
export function progressPercent(progress: number, target: number): number {
  return Math.min(100, Math.max(0, (progress / Math.max(1, target)) * 100));
}

/** A next-target badge: emoji, name, `progress/target` and a bar (celebration dialog and profile). */
export function BadgeTarget({ badge, className }: { badge: BadgeSummary; className?: string }) {
  const shown = Math.min(badge.progress, badge.target);
  return (
    <div className={cn('text-sm', className)} data-testid="badge-target" data-badge-id={badge.id}>
      <div className="flex justify-between gap-2">
        <span className="font-bold text-ink">
          <span aria-hidden="true">{badge.emoji}</span> {badge.name}
        </span>
        <span className="text-subtle" data-testid="badge-target-count">
          {shown}/{badge.target}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${badge.name} progress`}
        aria-valuemin={0}
        aria-valuemax={badge.target}
        aria-valuenow={shown}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-surface-strong"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-amber-400 to-orange-500"
          style={{ width: `${progressPercent(badge.progress, badge.target)}%` }}
        />
      </div>
    </div>
  );
}
