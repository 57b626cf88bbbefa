import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolvedTheme, setThemeChoice, storedThemeChoice, THEME_STORAGE_KEY } from './theme';

function deviceIsDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)' })),
  );
}

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.className = '';
});

describe('the colour theme', () => {
  it('is System until the member picks one, and System follows the device', () => {
    expect(storedThemeChoice()).toBe('system');
    deviceIsDark(true);
    expect(resolvedTheme('system')).toBe('dark');
    deviceIsDark(false);
    expect(resolvedTheme('system')).toBe('light');
  });

  it('remembers a manual choice on the device and puts it on <html> at once', () => {
    deviceIsDark(false);
    setThemeChoice('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(storedThemeChoice()).toBe('dark');

    setThemeChoice('system');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('reads a stored value it does not know as System', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(storedThemeChoice()).toBe('system');
  });
});
