import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { UnreadCount } from '@daybreak/contracts';
import { notificationKeys } from './queries';

/** The gateway's server-sent events with the unread count (beyond the spec; see issue 9). */
export const UNREAD_STREAM_URL = '/api/notifications/stream';
/** After the gateway refused the stream (an HTTP error ends EventSource for good), try again this late. */
export const STREAM_RETRY_MS = 60_000;

/** The part of `EventSource` used here, so tests can hand in a fake. */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: 'unread', listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

const CLOSED = 2;

/**
 * Keeps an unread-count stream open: each `unread` event gives `onCount` the count, and `onOpenChange`
 * says whether counts are arriving (true from the first event, false on any error). While the browser
 * reconnects by itself nothing more is done; when it has given up, a new stream is tried after
 * `retryMs`. Returns the function that closes it all.
 */
export function connectUnreadStream({
  createSource,
  onCount,
  onOpenChange,
  retryMs = STREAM_RETRY_MS,
}: {
  createSource: EventSourceFactory;
  onCount: (count: number) => void;
  onOpenChange: (open: boolean) => void;
  retryMs?: number;
}): () => void {
  let source: EventSourceLike | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    const current = createSource(UNREAD_STREAM_URL);
    source = current;
    current.addEventListener('unread', (event) => {
      const count = (JSON.parse(event.data) as Partial<UnreadCount>).count;
      if (typeof count !== 'number') return;
      onCount(count);
      onOpenChange(true);
    });
    current.onerror = () => {
      onOpenChange(false);
      if (current.readyState !== CLOSED) return;
      current.close();
      retry = setTimeout(connect, retryMs);
    };
  };

  connect();
  return () => {
    clearTimeout(retry);
    source?.close();
    onOpenChange(false);
  };
}

// Whether the stream is delivering, for the unread-count query to stop polling (one per page).
let streamOpen = false;
const subscribers = new Set<() => void>();

function setStreamOpen(open: boolean): void {
  if (open === streamOpen) return;
  streamOpen = open;
  for (const notify of subscribers) notify();
}

function subscribeStreamOpen(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** True while the unread-count stream delivers; the 15 s polling runs only when it is false. */
export function useUnreadStreamOpen(): boolean {
  return useSyncExternalStore(
    subscribeStreamOpen,
    () => streamOpen,
    // The server renders before any stream: closed, as the browser's first render has it.
    () => false,
  );
}

function browserEventSource(): EventSourceFactory | null {
  if (typeof EventSource === 'undefined') return null;
  return (url) => new EventSource(url, { withCredentials: true });
}

/**
 * Mounted once (in the app shell) for a signed-in member: writes each streamed count into the
 * unread-count query, which every badge reads. Without EventSource it does nothing and the badges poll.
 */
export function useUnreadCountStream(enabled: boolean, createSource?: EventSourceFactory): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const factory = createSource ?? browserEventSource();
    if (!enabled || !factory) return;
    return connectUnreadStream({
      createSource: factory,
      onCount: (count) => queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount(), { count }),
      onOpenChange: setStreamOpen,
    });
  }, [enabled, queryClient, createSource]);
}
