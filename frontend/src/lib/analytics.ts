import type { AnalyticsEventName } from '@daybreak/contracts';
import { classifyMorningActivity } from './time';
import { trackingRefused } from './analytics-consent';
import { createAnalyticsQueue, type AnalyticsQueue } from './analytics-queue';

/**
 * The analytics adapter (spec §7; ADR 0033). By default events go, batched, to the gateway's
 * first-party collector (`/api/analytics/events`), which keeps daily aggregates for the Product
 * dashboard. `VITE_ANALYTICS_URL` at build time names a third-party collector instead, which gets one
 * POST per event; `off` sends nothing (the SPA's unit tests). Global Privacy Control or Do Not Track
 * switch sending off entirely. No payload carries who the person is: the gateway adds the member from
 * the session, and nothing for a guest.
 * The payload shape is ours (the spec leaves it open): `{ type, name, properties, path, timestamp }`.
 *
 * Recording: when the page has a `window.__daybreakAnalytics` array (browser tests create it before
 * the app loads), every payload is also pushed there, whether or not a service is configured. The app
 * never creates it, so in production it exists only if something on the page put it there, and it
 * receives nothing the collector would not.
 */

export type AnalyticsEvent = Exclude<AnalyticsEventName, 'page_view'>;
export type AnalyticsProperties = Record<string, string | number | boolean | null>;

interface AnalyticsPayload {
  type: 'event' | 'page_view';
  name: string;
  properties: AnalyticsProperties;
  path: string;
  timestamp: string;
}

declare global {
  interface Window {
    __daybreakAnalytics?: unknown;
  }
}

/** The gateway's collector: same origin, so the session cookie says who a member is. */
export const FIRST_PARTY_COLLECTOR = '/api/analytics/events';

function record(payload: AnalyticsPayload): void {
  if (typeof window === 'undefined') return;
  const recording = window.__daybreakAnalytics;
  if (Array.isArray(recording)) recording.push(payload);
}

type Destination = { kind: 'first-party' } | { kind: 'third-party'; url: string } | { kind: 'off' };

function destination(): Destination {
  const configured: unknown = import.meta.env.VITE_ANALYTICS_URL;
  const url = typeof configured === 'string' ? configured.trim() : '';
  if (url === 'off') return { kind: 'off' };
  return url ? { kind: 'third-party', url } : { kind: 'first-party' };
}

let firstParty: AnalyticsQueue<AnalyticsPayload> | undefined;

/** One payload per request, as a third-party collector has always been sent them. */
function sendToThirdParty(url: string, payload: AnalyticsPayload): void {
  const body = JSON.stringify(payload);
  // sendBeacon survives the full-page navigations to /api/login; fetch is the fallback.
  if (typeof navigator.sendBeacon === 'function') {
    const queued = navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
    if (queued) return;
  }
  void fetch(url, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
    keepalive: true,
  }).catch(() => undefined);
}

function send(payload: AnalyticsPayload): void {
  record(payload);
  const target = destination();
  if (target.kind === 'off' || trackingRefused()) return;
  try {
    if (target.kind === 'third-party') return sendToThirdParty(target.url, payload);
    firstParty ??= createAnalyticsQueue<AnalyticsPayload>(FIRST_PARTY_COLLECTOR);
    firstParty.add(payload);
  } catch {
    // Analytics must never break the product.
  }
}

function here(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}

export function trackEvent(name: AnalyticsEvent, properties: AnalyticsProperties = {}): void {
  send({ type: 'event', name, properties, path: here(), timestamp: new Date().toISOString() });
}

export function trackPageView(path: string): void {
  send({ type: 'page_view', name: 'page_view', properties: {}, path, timestamp: new Date().toISOString() });
}

/** Records a post and how early it was, in the author's local hour. */
export function trackPostCreated(properties: { hasImage: boolean }, now: Date = new Date()): void {
  const hour = now.getHours();
  trackEvent('post_created', { has_image: properties.hasImage, hour });
  trackEvent('morning_activity', { activity: classifyMorningActivity(hour), hour });
}
