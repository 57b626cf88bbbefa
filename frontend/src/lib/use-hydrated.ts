import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while React hydrates a server-rendered page, true after (and on any render
 * in the browser that hydrates nothing). For what the server cannot know (the device's time zone): a
 * screen renders it the server's way until hydrated, so the first render matches the HTML (ADR 0032).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
