import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { pushSends } from '@daybreak/observability';
import { refusePushEndpoint } from './endpoint-policy';
import { Push, PushDispatcher } from './push-dispatcher';
import { PushSender, SendOutcome } from './push-sender';
import { PushSubscriptions, StoredSubscription } from './push-subscriptions';
import { PUSH_SETTINGS, PushSettings } from './push-settings';
import { SendWindow } from './send-window';

const MAX_RETRY_DELAY_MS = 60_000;

/** A device and the payloads it gets from one hand-over, in order. */
interface DeviceQueue {
  subscription: StoredSubscription;
  payloads: string[];
}

/** Whether a device can take more messages after an attempt. */
type Attempted = 'kept' | 'gone';

/** The endpoint without its path, which is a per-device secret of the push service: fit for logs. */
const endpointOrigin = (endpoint: string) => new URL(endpoint).origin;

/**
 * Sends members' notifications to each of their subscriptions (PushSender makes each request). Every
 * send of the process passes through one SendWindow of `settings.window`, first attempts and retries
 * alike: the devices of a hand-over are sent to side by side, up to the window, and a device's own
 * messages one after another, in order. Retries of 429 and 5xx answers run in the background, so one
 * slow push service never holds up the next notifications. A device the push service says is gone
 * (404/410) is forgotten and gets nothing more.
 *
 * Every send checks the endpoint against the policy again: a row stored before a rule, or while
 * PUSH_EXTRA_ORIGINS allowed more, is forgotten unsent.
 */
@Injectable()
export class WebPushDispatcher implements PushDispatcher, OnModuleDestroy {
  private readonly logger = new Logger('Push');
  /** Hand-overs' and retries' sends still going on, awaited on shutdown. */
  private readonly pending = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly window: SendWindow;
  private readonly sender: PushSender | null;

  constructor(
    private readonly subscriptions: PushSubscriptions,
    @Inject(PUSH_SETTINGS) private readonly settings: PushSettings,
  ) {
    this.window = new SendWindow(settings.window);
    this.sender = settings.vapid ? new PushSender(settings.vapid, settings.window) : null;
  }

  async notify(pushes: readonly Push[]): Promise<void> {
    await (
      await this.start(pushes)
    ).attempted;
  }

  async handOver(pushes: readonly Push[]): Promise<void> {
    this.track((await this.start(pushes)).attempted);
  }

  /** Stops waiting for retries (they are dropped), lets the sends in flight finish, closes the connections. */
  async onModuleDestroy(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.pending]);
    await this.sender?.close();
  }

  /**
   * One statement finds the devices of every recipient of the pushes (a consumer's transaction of
   * likes hands over all of its notifications at once); resolves once each device's first message
   * has its place in the window, with the promise of every first attempt.
   */
  private async start(pushes: readonly Push[]): Promise<{ attempted: Promise<void> }> {
    const idle = { attempted: Promise.resolve() };
    if (!this.sender) return idle; // push is off: no VAPID keys (development or tests only)
    const recipientIds = [
      ...new Set(pushes.flatMap((push) => push.recipientIds.map((id) => id.toLowerCase()))),
    ];
    if (recipientIds.length === 0) return idle;
    const devices = await this.subscriptions.ofMembers(recipientIds);
    const attempts: Promise<void>[] = [];
    for (const { subscription, payloads } of this.queuesOfDevices(pushes, devices)) {
      const [first, ...rest] = payloads;
      const { settled } = await this.window.start(() => this.attempt(subscription, first));
      attempts.push(settled.then((kept) => (kept === 'kept' ? this.inOrder(subscription, rest) : undefined)));
    }
    return { attempted: Promise.all(attempts).then(() => undefined) };
  }

  /** Each device's payloads, in the order of the pushes (a recipient named twice in one push gets it once). */
  private queuesOfDevices(
    pushes: readonly Push[],
    devices: Map<string, StoredSubscription[]>,
  ): Iterable<DeviceQueue> {
    const queues = new Map<string, DeviceQueue>();
    for (const { recipientIds, message } of pushes) {
      const payload = JSON.stringify({ title: message.title, body: message.body, url: message.url });
      for (const id of new Set(recipientIds.map((recipientId) => recipientId.toLowerCase())))
        for (const subscription of devices.get(id) ?? []) {
          const queue = queues.get(subscription.endpoint);
          if (queue) queue.payloads.push(payload);
          else queues.set(subscription.endpoint, { subscription, payloads: [payload] });
        }
    }
    return queues.values();
  }

  /** A device's further messages, each once the one before had its attempt. */
  private async inOrder(subscription: StoredSubscription, payloads: string[]): Promise<void> {
    for (const payload of payloads)
      if ((await this.window.run(() => this.attempt(subscription, payload))) === 'gone') return;
  }

  /** One attempt, retried later if transient; never rejects (a failing device does not stop the others). */
  private async attempt(subscription: StoredSubscription, payload: string): Promise<Attempted> {
    try {
      const outcome = await this.send(subscription, payload);
      if (outcome?.kind === 'transient') this.retryLater(subscription, payload, outcome);
      return outcome?.kind === 'gone' || outcome === null ? 'gone' : 'kept';
    } catch (error) {
      // E.g. the database refused to forget a gone endpoint: that device only, the others go on.
      this.logger.error(error);
      return 'kept';
    }
  }

  /** Sends and counts; forgets a refused or gone endpoint (null: refused by the policy, unsent). */
  private async send(subscription: StoredSubscription, payload: string): Promise<SendOutcome | null> {
    const refusal = refusePushEndpoint(subscription.endpoint, this.settings.extraOrigins);
    if (refusal) {
      pushSends.inc({ result: 'refused' });
      this.logger.warn(`Forgot a subscription the endpoint policy refuses, unsent: ${refusal}`);
      await this.subscriptions.forget(subscription.endpoint);
      return null;
    }
    const outcome = await this.sender!.send(subscription, payload);
    const origin = endpointOrigin(subscription.endpoint);
    if (outcome.kind === 'sent') pushSends.inc({ result: 'sent' });
    else if (outcome.kind === 'gone') {
      pushSends.inc({ result: 'gone' });
      this.logger.log(`Subscription at ${origin} is gone (${outcome.status}); deleted it`);
      await this.subscriptions.forget(subscription.endpoint);
    } else if (outcome.kind === 'refused') {
      pushSends.inc({ result: 'failed' });
      const redirect = outcome.status >= 300 && outcome.status < 400;
      this.logger.warn(
        redirect
          ? `${origin} answered a push with a redirect (${outcome.status}); not followed`
          : `${origin} refused a push with ${outcome.status}; not retried`,
      );
    }
    return outcome;
  }

  /** Up to `settings.retries` more attempts, with exponential backoff (and jitter) or the service's Retry-After. */
  private retryLater(
    subscription: StoredSubscription,
    payload: string,
    first: Extract<SendOutcome, { kind: 'transient' }>,
  ): void {
    const run = async () => {
      let failure = first;
      for (let retry = 1; retry <= this.settings.retries; retry++) {
        const backoff = this.settings.retryBaseMs * 2 ** (retry - 1) * (1 + Math.random() / 2);
        const delay = Math.min(failure.retryAfterMs ?? backoff, MAX_RETRY_DELAY_MS);
        const waited = await sleep(delay, true, { signal: this.stopping.signal }).catch(() => false);
        if (!waited) return;
        pushSends.inc({ result: 'retried' });
        const next = await this.window.run(() => this.send(subscription, payload));
        if (next?.kind !== 'transient') return;
        failure = next;
      }
      pushSends.inc({ result: 'failed' });
      this.logger.warn(`Gave up a push after ${this.settings.retries} retries: ${failure.reason}`);
    };
    this.track(run().catch((error: unknown) => this.logger.error(error)));
  }

  private track(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }
}
