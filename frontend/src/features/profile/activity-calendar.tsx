import type { DayActivity } from '@daybreak/contracts';
import { cn } from '@/lib/cn';

type ActivityType = DayActivity['activityType'];

const activityStyles: Record<ActivityType, { className: string; label: string }> = {
  '5am': { className: 'bg-amber-500 text-on-accent', label: '5 AM post' },
  '6am': { className: 'bg-orange-300 text-on-accent', label: '6 AM post' },
  any: { className: 'bg-sky-200 text-sky-900 dark:bg-sky-800 dark:text-sky-50', label: 'Posted later' },
  none: { className: 'bg-canvas text-muted', label: 'No post' },
};

const legendOrder: ActivityType[] = ['5am', '6am', 'any', 'none'];

/** Spec §9: the last 30 days, in rows of 7, oldest first. */
export function ActivityCalendar({ days }: { days: DayActivity[] }) {
  return (
    <div className="max-w-sm" data-testid="activity-calendar">
      <ol className="grid grid-cols-7 gap-1.5" aria-label="Activity in the last 30 days">
        {days.map((day) => {
          const style = activityStyles[day.activityType] ?? activityStyles.none;
          return (
            <li
              key={day.date}
              className={cn(
                'flex aspect-square items-center justify-center rounded-md text-[10px] font-bold',
                style.className,
              )}
              title={`${day.date}: ${style.label}`}
              aria-label={`${day.date}: ${style.label}`}
              data-testid="activity-day"
              data-activity={day.activityType}
            >
              {Number(day.date.slice(8, 10))}
            </li>
          );
        })}
      </ol>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted" data-testid="activity-legend">
        {legendOrder.map((type) => (
          <li key={type} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cn('size-3 rounded-sm', activityStyles[type].className)} />
            {activityStyles[type].label}
          </li>
        ))}
      </ul>
    </div>
  );
}
