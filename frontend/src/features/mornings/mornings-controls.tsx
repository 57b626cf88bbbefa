import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** An on/off switch with its label and a line saying what it does. */
export function SettingSwitch({
  label,
  description,
  checked,
  onChange,
  testId,
}: {
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <span className="min-w-0">
        <span id={`${id}-label`} className="block text-sm font-bold text-stone-900">
          {label}
        </span>
        <span id={`${id}-description`} className="block text-xs text-stone-500">
          {description}
        </span>
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        onClick={() => onChange(!checked)}
        data-testid={testId}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:ring-offset-2 focus-visible:outline-none',
          checked ? 'bg-orange-500' : 'bg-stone-300',
        )}
      >
        <span
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}

const DAYS = [
  { day: 1, short: 'M', name: 'Monday' },
  { day: 2, short: 'T', name: 'Tuesday' },
  { day: 3, short: 'W', name: 'Wednesday' },
  { day: 4, short: 'T', name: 'Thursday' },
  { day: 5, short: 'F', name: 'Friday' },
  { day: 6, short: 'S', name: 'Saturday' },
  { day: 7, short: 'S', name: 'Sunday' },
];

/** The days of the week the reminder comes on; the last one chosen can't be taken away. */
export function DayPicker({ days, onChange }: { days: number[]; onChange: (days: number[]) => void }) {
  const toggle = (day: number) =>
    onChange(
      days.includes(day) ? days.filter((other) => other !== day) : [...days, day].sort((a, b) => a - b),
    );
  return (
    <div role="group" aria-label="Days of the week" className="flex gap-1.5" data-testid="reminder-days">
      {DAYS.map(({ day, short, name }) => {
        const chosen = days.includes(day);
        return (
          <button
            key={day}
            type="button"
            aria-pressed={chosen}
            aria-label={name}
            title={name}
            disabled={chosen && days.length === 1}
            onClick={() => toggle(day)}
            className={cn(
              'flex size-9 items-center justify-center rounded-full text-xs font-black transition-colors focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:outline-none',
              chosen ? 'bg-orange-500 text-stone-950' : 'bg-stone-100 text-stone-600 hover:bg-stone-200',
            )}
          >
            {short}
          </button>
        );
      })}
    </div>
  );
}
