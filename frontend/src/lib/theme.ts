/**
 * The colour theme (ADR 0031): the member's choice, remembered per device, and the theme it resolves
 * to, which `<html>` carries as the `dark` class the design tokens read (theme-tokens.css). System
 * follows the device's `prefers-color-scheme`, also when it changes (a phone switching at sunset).
 */
export type ThemeChoice = 'system' | 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** localStorage: one choice per device, as Mastodon and Bluesky do for their own apps. */
export const THEME_STORAGE_KEY = 'daybreak-theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

const isThemeChoice = (value: unknown): value is ThemeChoice => THEME_CHOICES.includes(value as ThemeChoice);

export function storedThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(stored) ? stored : 'system';
  } catch {
    // Storage can be off (a private window's quota, a blocked site): the system's theme then.
    return 'system';
  }
}

const systemPrefersDark = () => window.matchMedia?.(DARK_QUERY).matches ?? false;

export function resolvedTheme(choice: ThemeChoice): 'light' | 'dark' {
  if (choice === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return choice;
}

function applyTheme(choice: ThemeChoice): void {
  const root = document.documentElement;
  root.classList.toggle('dark', resolvedTheme(choice) === 'dark');
  root.dataset.themeChoice = choice;
}

const listeners = new Set<() => void>();
const notify = () => {
  applyTheme(storedThemeChoice());
  listeners.forEach((listener) => listener());
};

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Not remembered, but still applied to this page.
  }
  applyTheme(choice);
  listeners.forEach((listener) => listener());
}

/** For useSyncExternalStore: the choice changes here, in another tab, or (for System) on the device. */
export function subscribeToThemeChoice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Runs first in main.tsx, before the first screen renders, so a member who chose Dark never sees a
 * light frame (the CSP allows no inline script in index.html; its boot screen is dark in both themes).
 */
export function startTheme(): void {
  applyTheme(storedThemeChoice());
  window.matchMedia?.(DARK_QUERY).addEventListener('change', notify);
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY) notify();
  });
}
