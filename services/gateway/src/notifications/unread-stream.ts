import { TooManyRequestsError } from '@daybreak/nest-common';
import type { FastifyReply } from 'fastify';
import type { SessionWatch } from '../auth/session-watch';
import type { StreamSlots } from './stream-slots';
import { STREAMS_PER_MEMBER } from './stream-slots';
import type { UnreadCountHub } from './unread-count-hub';

/** A comment line this often keeps proxies and browsers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/**
 * Serves one member's unread count as server-sent events: `event: unread` with `{"count":N}`, the
 * current count first, then every change. If the current count cannot be read, the error is thrown
 * before anything is written, so the caller answers it as JSON and the browser's EventSource gives up
 * (the SPA then polls instead). So is a member's stream beyond STREAMS_PER_MEMBER (429). The stream
 * ends when the session it was opened with does (sign-out, expiry, revocation).
 */
export async function serveUnreadStream(options: {
  hub: UnreadCountHub;
  slots: StreamSlots;
  sessions: SessionWatch;
  userId: string;
  /** The session the stream was opened with (a member's request always has one). */
  sessionId: string;
  currentCount: () => Promise<number>;
  reply: FastifyReply;
}): Promise<void> {
  const { hub, userId, reply } = options;
  const slot = await options.slots.take(userId);
  if (!slot) {
    void reply.header('Retry-After', '60');
    throw new TooManyRequestsError(
      'NOTIFICATIONS.TOO_MANY_STREAMS',
      `You have ${STREAMS_PER_MEMBER} live notification streams open already; this one will update every minute instead.`,
    );
  }
  // Events are written on the raw response, past Fastify's reply (and so past compression, which
  // would hold them back); the security and correlation headers are on it already.
  const response = reply.raw;
  const request = reply.request.raw;
  let open = false;
  let latest: number | undefined;
  const send = (count: number) => response.write(`event: unread\ndata: ${JSON.stringify({ count })}\n\n`);

  // Listen before reading the current count, so a change in between is not lost.
  const stopListening = hub.listen(
    userId,
    (count) => {
      latest = count;
      if (open) send(count);
    },
    () => response.end(),
  );
  let current: number;
  try {
    current = await options.currentCount();
  } catch (error) {
    stopListening();
    slot.release();
    throw error;
  }
  // The client may have gone while the count was read. Asked of the socket: a request whose body
  // was read (a GET can carry one) counts as destroyed and closed, though its client still waits.
  if (request.socket.destroyed) {
    stopListening();
    slot.release();
    return;
  }

  reply.hijack();
  response.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'private, no-store, no-transform',
    Connection: 'keep-alive',
    // Tells an nginx in front not to buffer the stream.
    'X-Accel-Buffering': 'no',
  });
  response.flushHeaders();
  open = true;
  // A change published while the current count was read is newer than what was read.
  send(latest ?? current);

  const heartbeat = setInterval(() => {
    response.write(': heartbeat\n\n');
    slot.renew();
  }, HEARTBEAT_MS);
  // A signed-out member's EventSource then reconnects, gets a 401 and gives up.
  const stopWatching = options.sessions.watch(options.sessionId, () => response.end());
  // The response closes when the connection does (the request may have closed with its body).
  response.on('close', () => {
    clearInterval(heartbeat);
    stopListening();
    stopWatching();
    slot.release();
    response.end();
  });
}
