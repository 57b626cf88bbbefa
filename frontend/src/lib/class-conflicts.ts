import { twMerge } from 'tailwind-merge';

/**
 * What in a class list conflicts, or null: tailwind-merge knows which utilities set the same CSS
 * property, and drops all but the last of them (or a repeated class). Development and tests only
 * (`cn`); the production build leaves it out.
 */
export function conflictsIn(classes: string): string | null {
  const merged = twMerge(classes);
  if (merged === classes) return null;
  const kept = new Set(merged.split(' '));
  const dropped = classes
    .split(' ')
    .filter((name, index, all) => !kept.has(name) || all.indexOf(name) !== index);
  return `${dropped.join(' ')} lose to later classes`;
}
