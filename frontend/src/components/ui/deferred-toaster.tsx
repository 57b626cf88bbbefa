import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from './use-toast';

// Radix Toast is not needed to show the first page: the toaster loads once the page is idle, or at
// once when a toast comes earlier. Once there it stays, so F8 reaches the region as before (spec §9).
const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

const whenIdle = (callback: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 200);
  return () => clearTimeout(timer);
};

export function DeferredToaster() {
  const { toasts } = useToast();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
