/** One week's marks, shared by the leaderboard's legend and each of its rows. */
import type { WeekDayActivity } from '@daybreak/contracts';
import { cn } from '@/lib/cn';

export const activityLabel: Record<WeekDayActivity['activityType'], string> = {
  '5am': '5AM post',
  '6am': '6AM post',
  none: 'no early post',
};

const dotClass: Record<WeekDayActivity['activityType'], string> = {
  '5am': 'bg-amber-400 ring-amber-500',
  '6am': 'bg-slate-400 ring-slate-500',
  none: 'bg-surface ring-line-strong',
};

export function Dot({ activity }: { activity: WeekDayActivity['activityType'] }) {
  return (
    <span aria-hidden="true" className={cn('inline-block size-3 rounded-full ring-1', dotClass[activity])} />
  );
}
