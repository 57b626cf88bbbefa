import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from './constants';

/**
 * Toast state (spec §9): one toast at a time; a new one replaces the current. A dismissed toast stays in
 * the store for 1,000,000 ms so Radix can finish its exit animation and screen readers their
 * announcement; in practice the next toast evicts it first. Kept outside React so any module (a
 * mutation callback, an error handler) can raise a toast.
 */

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Display time in ms; the provider default is 5000. */
  duration?: number;
  action?: ReactElement;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string): void {
  for (const item of toasts) {
    if (id === undefined || item.id === id) scheduleRemoval(item.id);
  }
  emit(toasts.map((item) => (id === undefined || item.id === id ? { ...item, open: false } : item)));
}

export function toast(options: ToastOptions): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const next = [{ ...options, id, open: true }, ...toasts];
  for (const evicted of next.slice(TOAST_LIMIT)) {
    clearTimeout(removalTimers.get(evicted.id));
    removalTimers.delete(evicted.id);
  }
  emit(next.slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Test helper: forget every toast and pending timer. */
export function resetToasts(): void {
  for (const timer of removalTimers.values()) clearTimeout(timer);
  removalTimers.clear();
  emit([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => toasts;

export function useToast() {
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { toasts: items, toast, dismiss: dismissToast };
}
