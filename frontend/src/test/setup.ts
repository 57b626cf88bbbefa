import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetToasts } from '@/components/ui/use-toast';

// A screen's first render loads its lazy route chunk; on a loaded 2-core machine (CI, other test
// stages) that alone can pass the library's 1 s default for findBy…/waitFor.
configure({ asyncUtilTimeout: 5000 });

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
