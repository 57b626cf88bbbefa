import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.useRealTimers();
});

// jsdom has no layout: scrolling is a no-op we can observe in tests.
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}
// The router restores scroll positions; jsdom does not implement scrolling the window.
window.scrollTo = () => undefined;
