import { Agent, request } from 'undici';
import webpush from 'web-push';
import type { StoredSubscription } from './push-subscriptions';
import { VapidKeys, VapidTokens } from './vapid-tokens';

/** A push service keeps an undelivered message this long (seconds) while the device is offline. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;
/** An idle connection to a push service is kept this long for the next push. */
const KEEP_ALIVE_MS = 60_000;

/** What a push service answered to one message. */
export type SendOutcome =
  | { kind: 'sent' }
  /** 404/410: the subscription is gone for good. */
  | { kind: 'gone'; status: number }
  /** 429, 5xx or a network failure: worth another attempt, perhaps after the service's Retry-After. */
  | { kind: 'transient'; reason: string; retryAfterMs?: number }
  /** Anything else (a 4xx, a redirect we don't follow): not retried. */
  | { kind: 'refused'; status: number };

/** Retry-After is either seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - Date.now();
  return Number.isFinite(ms) ? Math.max(0, ms) : undefined;
}

/**
 * Posts one message to one device: web-push encrypts the payload (aes128gcm); the VAPID header comes
 * from VapidTokens (one token per push service, reused); undici keeps the connections to each push
 * service open between messages (an Agent holds a pool per origin, at most `connectionsPerOrigin`),
 * so a push costs a request, not a TCP and TLS handshake. No redirect is followed: a push service
 * never redirects, and following one would let whoever answers send our workers anywhere.
 */
export class PushSender {
  private readonly tokens: VapidTokens;
  private readonly agent: Agent;

  constructor(vapid: VapidKeys, connectionsPerOrigin: number) {
    this.tokens = new VapidTokens(vapid);
    this.agent = new Agent({
      connections: connectionsPerOrigin,
      keepAliveTimeout: KEEP_ALIVE_MS,
      headersTimeout: SEND_TIMEOUT_MS,
      bodyTimeout: SEND_TIMEOUT_MS,
    });
  }

  async send(subscription: StoredSubscription, payload: string): Promise<SendOutcome> {
    const origin = new URL(subscription.endpoint).origin;
    try {
      const details = webpush.generateRequestDetails(subscription, payload, {
        headers: { Authorization: this.tokens.headerFor(origin) },
        TTL: TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      });
      const headers = Object.fromEntries(
        Object.entries(details.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
      );
      const {
        statusCode,
        headers: answer,
        body,
      } = await request(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await body.dump();
      if (statusCode >= 200 && statusCode < 300) return { kind: 'sent' };
      if (statusCode === 404 || statusCode === 410) return { kind: 'gone', status: statusCode };
      if (statusCode === 429 || statusCode >= 500) {
        return {
          kind: 'transient',
          reason: `${origin} answered ${statusCode}`,
          retryAfterMs: parseRetryAfter(answer['retry-after']),
        };
      }
      return { kind: 'refused', status: statusCode };
    } catch (error) {
      return { kind: 'transient', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Closes the connections once the requests on them are answered. */
  close(): Promise<void> {
    return this.agent.close();
  }
}
