import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeCurrentUser } from '@/test/fakes';
import { fakeRoute, memberRoutes } from '@/test/gateway';
import { renderApp } from '@/test/render-app';
import { NOTIFICATIONS_POLL_MS, unreadCountQueryOptions } from './queries';
import { UNREAD_STREAM_URL, connectUnreadStream, type EventSourceLike } from './unread-stream';

const CONNECTING = 0;
const CLOSED = 2;

/** Stands in for EventSource: the test sends its events and errors. */
class FakeEventSource implements EventSourceLike {
  static created: FakeEventSource[] = [];
  readyState = CONNECTING;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners: ((event: MessageEvent<string>) => void)[] = [];

  constructor(readonly url: string) {
    FakeEventSource.created.push(this);
  }

  addEventListener(_type: 'unread', listener: (event: MessageEvent<string>) => void): void {
    this.listeners.push(listener);
  }

  close(): void {
    this.closed = true;
    this.readyState = CLOSED;
  }

  sendCount(count: number): void {
    this.readyState = 1;
    for (const listener of this.listeners)
      listener({ data: JSON.stringify({ count }) } as MessageEvent<string>);
  }

  fail(readyState: number): void {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

afterEach(() => {
  FakeEventSource.created = [];
  vi.useRealTimers();
});

function connect() {
  const counts: number[] = [];
  const open: boolean[] = [];
  const close = connectUnreadStream({
    createSource: (url) => new FakeEventSource(url),
    onCount: (count) => counts.push(count),
    onOpenChange: (value) => open.push(value),
    retryMs: 1_000,
  });
  return { counts, open, close, source: () => FakeEventSource.created.at(-1)! };
}

describe('connectUnreadStream', () => {
  it('passes each streamed count on and reports the stream open from the first one', () => {
    const { counts, open, source } = connect();
    expect(source().url).toBe(UNREAD_STREAM_URL);

    source().sendCount(2);
    source().sendCount(3);

    expect(counts).toEqual([2, 3]);
    expect(open.at(-1)).toBe(true);
  });

  it('reports it closed while the browser reconnects, without opening another', () => {
    const { open, source } = connect();
    source().sendCount(1);

    source().fail(CONNECTING);

    expect(open.at(-1)).toBe(false);
    expect(FakeEventSource.created).toHaveLength(1);
  });

  it('tries a new stream later when the gateway refused it (e.g. the service is down)', () => {
    vi.useFakeTimers();
    const { counts, source } = connect();
    const refused = source();

    refused.fail(CLOSED);
    expect(FakeEventSource.created).toHaveLength(1);
    vi.advanceTimersByTime(1_000);

    expect(FakeEventSource.created).toHaveLength(2);
    source().sendCount(4);
    expect(counts).toEqual([4]);
  });

  it('closes the stream and any pending retry when stopped', () => {
    vi.useFakeTimers();
    const { close, open, source } = connect();
    const first = source();
    first.fail(CLOSED);

    close();
    vi.advanceTimersByTime(5_000);

    expect(first.closed).toBe(true);
    expect(FakeEventSource.created).toHaveLength(1);
    expect(open.at(-1)).toBe(false);
  });
});

describe('unread-count polling', () => {
  it('polls every 15 s only while the stream is not delivering', () => {
    expect(unreadCountQueryOptions(true, false).refetchInterval).toBe(NOTIFICATIONS_POLL_MS);
    expect(unreadCountQueryOptions(true, true).refetchInterval).toBe(false);
    expect(unreadCountQueryOptions(false, false).refetchInterval).toBe(false);
  });
});

describe('the badges with a stream', () => {
  it('show each streamed count at once: 99+ on the bell, 9+ on the mobile Alerts tab', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    renderApp('/notifications', {
      ...memberRoutes(fakeCurrentUser()),
      ...fakeRoute('GET /api/notifications', () => []),
    });
    await waitFor(() => expect(FakeEventSource.created).toHaveLength(1));

    FakeEventSource.created[0]!.sendCount(120);

    const bell = await screen.findByTestId('notifications-bell');
    await waitFor(() => expect(within(bell).getByTestId('unread-badge')).toHaveTextContent('99+'));
    const badges = screen.getAllByTestId('unread-badge').map((badge) => badge.firstChild?.textContent);
    expect(badges).toContain('9+');

    FakeEventSource.created[0]!.sendCount(0);
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
  });
});
