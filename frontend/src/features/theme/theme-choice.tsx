import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Card } from '@/components/ui/card';
import {
  setThemeChoice,
  storedThemeChoice,
  subscribeToThemeChoice,
  type ThemeChoice as Choice,
} from '@/lib/theme';

const OPTIONS: readonly { value: Choice; label: string; icon: LucideIcon }[] = [
  { value: 'system', label: 'System', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

const optionClass =
  'flex flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-bold text-muted ' +
  'transition-colors hover:text-ink has-[:checked]:bg-surface has-[:checked]:text-ink has-[:checked]:shadow-sm ' +
  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-amber-500';

/** The own profile's theme setting: System (the device's), Light or Dark, remembered on this device. */
export function ThemeChoice() {
  const choice = useSyncExternalStore(subscribeToThemeChoice, storedThemeChoice);
  return (
    <Card className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center" data-testid="theme-choice">
      <div className="min-w-0 flex-1">
        <h2 id="theme-choice-title" className="text-xs font-black tracking-widest uppercase">
          Theme
        </h2>
        <p className="text-sm text-muted">Saved on this device.</p>
      </div>
      <div
        role="radiogroup"
        aria-labelledby="theme-choice-title"
        className="flex gap-1 rounded-xl bg-canvas p-1"
      >
        {OPTIONS.map(({ value, label, icon: Icon }) => (
          <label key={value} className={optionClass} data-testid={`theme-${value}`}>
            <input
              type="radio"
              name="theme"
              value={value}
              className="sr-only"
              checked={choice === value}
              onChange={() => setThemeChoice(value)}
            />
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </label>
        ))}
      </div>
    </Card>
  );
}
