import { clsx, type ClassValue } from 'clsx';
import { conflictsIn } from './class-conflicts';

/**
 * Joins class names. They must not conflict (two utilities for one property, such as `p-2` and `p-4`):
 * Tailwind's stylesheet, not the order here, would decide which wins. Choose one per condition, or
 * give the component a variant. Conflicts are found in development and fail the tests (see
 * class-conflicts.ts); the production build only joins, as resolving them at run time (tailwind-merge)
 * cost every first load 100–140 ms of main thread before the first screen and 8.6 KB of script
 * (frontend/README.md, First load).
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) {
    const conflicts = conflictsIn(classes);
    if (conflicts) {
      const message = `Conflicting Tailwind classes in "${classes}": ${conflicts}`;
      if (import.meta.env.MODE === 'test') throw new Error(message);
      console.error(message);
    }
  }
  return classes;
}
