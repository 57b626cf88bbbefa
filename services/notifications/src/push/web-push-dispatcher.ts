import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { pushSends } from '@daybreak/observability';
import webpush from 'web-push';
import { refusePushEndpoint } from './endpoint-policy';
import { Push, PushDispatcher } from './push-dispatcher';
import { PushSubscriptions, StoredSubscription } from './push-subscriptions';
import { PUSH_SETTINGS, PushSettings } from './push-settings';

/** A push service keeps an undelivered message this long (seconds) while the device is offline. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;
const MAX_RETRY_DELAY_MS = 60_000;
/** Recipients of one push sent to at once (a post's fan-out may reach thousands of members). */
const PUSH_CONCURRENCY = 20;

/** A transient failure (429, 5xx, network): worth another attempt, perhaps after the service's Retry-After. */
interface Transient {
  reason: string;
  retryAfterMs?: number;
}

/** Retry-After is either seconds or an HTTP date (RFC 9110 §10.2.3). */
function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) ? Math.max(0, ms) : undefined;
}

/** The endpoint without its path, which is a per-device secret of the push service: fit for logs. */
const endpointOrigin = (endpoint: string) => new URL(endpoint).origin;

/**
 * Sends a member's notification to each of their subscriptions: web-push encrypts the payload
 * (aes128gcm) and signs the VAPID header; we post it ourselves, to control timeouts and read Retry-After.
 * `notify` waits for the first attempt on every device, so a worker's pace follows its push services;
 * retries of 429 and 5xx answers run in the background, so one slow push service never holds up the
 * next notifications.
 *
 * Every send checks the endpoint against the policy again (a row stored before a rule, or while
 * PUSH_EXTRA_ORIGINS allowed more, is forgotten unsent) and follows no redirect: a push service never
 * redirects, and following one would let whoever answers send our workers anywhere.
 */
@Injectable()
export class WebPushDispatcher implements PushDispatcher, OnModuleDestroy {
  private readonly logger = new Logger('Push');
  private readonly retrying = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly subscriptions: PushSubscriptions,
    @Inject(PUSH_SETTINGS) private readonly settings: PushSettings,
  ) {}

  /**
   * One statement finds the devices of every recipient of the pushes (a consumer's transaction of
   * likes hands over all of its notifications at once): not one per notification.
   */
  async notify(pushes: readonly Push[]): Promise<void> {
    if (!this.settings.vapid) return; // push is off: no VAPID keys (development or tests only)
    const recipientIds = [
      ...new Set(pushes.flatMap((push) => push.recipientIds.map((id) => id.toLowerCase()))),
    ];
    if (recipientIds.length === 0) return;
    const devices = await this.subscriptions.ofMembers(recipientIds);
    for (const { recipientIds: ids, message } of pushes) {
      // Each recipient with a device: its devices side by side, PUSH_CONCURRENCY recipients at a time.
      const recipients = ids
        .map((id) => devices.get(id.toLowerCase()))
        .filter((found) => found !== undefined);
      if (recipients.length === 0) continue;
      const payload = JSON.stringify({ title: message.title, body: message.body, url: message.url });
      for (let start = 0; start < recipients.length; start += PUSH_CONCURRENCY)
        await Promise.all(
          recipients
            .slice(start, start + PUSH_CONCURRENCY)
            .map((subscriptions) => this.toDevices(subscriptions, payload)),
        );
    }
  }

  /** One attempt on each device, side by side; a failing device does not stop the others. */
  private async toDevices(subscriptions: StoredSubscription[], payload: string): Promise<void> {
    await Promise.all(
      subscriptions.map(async (subscription) => {
        try {
          const failure = await this.send(subscription, payload);
          if (failure) this.retryLater(subscription, payload, failure);
        } catch (error) {
          // E.g. the database refused to forget a gone endpoint: that device only, the others go on.
          this.logger.error(error);
        }
      }),
    );
  }

  /** Stops waiting for retries (they are dropped) and lets the ones in flight finish. */
  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.retrying]);
  }

  /** One attempt: resolves with a transient failure to retry, or undefined when there is nothing more to do. */
  private async send(subscription: StoredSubscription, payload: string): Promise<Transient | undefined> {
    const refusal = refusePushEndpoint(subscription.endpoint, this.settings.extraOrigins);
    if (refusal) {
      pushSends.inc({ result: 'refused' });
      this.logger.warn(`Forgot a subscription the endpoint policy refuses, unsent: ${refusal}`);
      await this.subscriptions.forget(subscription.endpoint);
      return undefined;
    }
    const origin = endpointOrigin(subscription.endpoint);
    let response: Response;
    try {
      const request = webpush.generateRequestDetails(subscription, payload, {
        vapidDetails: this.settings.vapid ?? undefined,
        TTL: TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      });
      // fetch sets Content-Length from the body itself.
      const headers = Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]): [string, string] => [name, String(value)]);
      response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch (error) {
      return { reason: error instanceof Error ? error.message : String(error) };
    }
    await response.body?.cancel();
    if (response.ok) {
      pushSends.inc({ result: 'sent' });
      return undefined;
    }
    if (response.status === 404 || response.status === 410) {
      pushSends.inc({ result: 'gone' });
      this.logger.log(`Subscription at ${origin} is gone (${response.status}); deleted it`);
      await this.subscriptions.forget(subscription.endpoint);
      return undefined;
    }
    if (response.status >= 300 && response.status < 400) {
      pushSends.inc({ result: 'failed' });
      this.logger.warn(`${origin} answered a push with a redirect (${response.status}); not followed`);
      return undefined;
    }
    if (response.status === 429 || response.status >= 500) {
      return {
        reason: `${origin} answered ${response.status}`,
        retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
      };
    }
    pushSends.inc({ result: 'failed' });
    this.logger.warn(`${origin} refused a push with ${response.status}; not retried`);
    return undefined;
  }

  /** Up to `settings.retries` more attempts, with exponential backoff (and jitter) or the service's Retry-After. */
  private retryLater(subscription: StoredSubscription, payload: string, first: Transient): void {
    const run = async () => {
      let failure = first;
      for (let retry = 1; retry <= this.settings.retries; retry++) {
        const backoff = this.settings.retryBaseMs * 2 ** (retry - 1) * (1 + Math.random() / 2);
        const delay = Math.min(failure.retryAfterMs ?? backoff, MAX_RETRY_DELAY_MS);
        const waited = await sleep(delay, true, { signal: this.stopping.signal }).catch(() => false);
        if (!waited) return;
        pushSends.inc({ result: 'retried' });
        const next = await this.send(subscription, payload);
        if (!next) return;
        failure = next;
      }
      pushSends.inc({ result: 'failed' });
      this.logger.warn(`Gave up a push after ${this.settings.retries} retries: ${failure.reason}`);
    };
    const retrying = run().catch((error: unknown) => this.logger.error(error));
    this.retrying.add(retrying);
    void retrying.finally(() => this.retrying.delete(retrying));
  }
}
