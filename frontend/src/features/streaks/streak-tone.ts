/** Spec §2 (streak test): 7 or more green, 3 to 6 yellow, 1 to 2 blue, 0 grey. */
export type StreakTone = 'green' | 'yellow' | 'blue' | 'grey';

export function streakTone(days: number): StreakTone {
  if (days >= 7) return 'green';
  if (days >= 3) return 'yellow';
  if (days >= 1) return 'blue';
  return 'grey';
}

export const streakToneClass: Record<StreakTone, string> = {
  green:
    'bg-green-100 text-green-800 ring-green-300 dark:bg-green-950 dark:text-green-200 dark:ring-green-800',
  yellow:
    'bg-yellow-100 text-yellow-800 ring-yellow-300 dark:bg-yellow-950 dark:text-yellow-200 dark:ring-yellow-800',
  blue: 'bg-blue-100 text-blue-800 ring-blue-300 dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-800',
  grey: 'bg-canvas text-muted ring-line-strong',
};
