import { classifyMorningActivity } from './time';

/**
 * The analytics adapter (spec §7). Events go to a third-party service whose address comes from
 * `VITE_ANALYTICS_URL`; without it every call is a no-op, so development and tests send nothing.
 * The payload shape is ours (the spec leaves it open): `{ type, name, properties, path, timestamp }`.
 *
 * Recording: when the page has a `window.__daybreakAnalytics` array (browser tests create it before
 * the app loads), every payload is also pushed there, whether or not a service is configured. The app
 * never creates it, so in production it exists only if something on the page put it there, and it
 * receives nothing the third-party service would not.
 */

export const analyticsEvents = [
  'sign_up',
  'login',
  'post_created',
  'post_liked',
  'post_commented',
  'user_followed',
  'profile_viewed',
  'streak_achieved',
  'badge_earned',
  'feed_viewed',
  'share',
  'morning_activity',
] as const;

export type AnalyticsEvent = (typeof analyticsEvents)[number];
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

function record(payload: AnalyticsPayload): void {
  if (typeof window === 'undefined') return;
  const recording = window.__daybreakAnalytics;
  if (Array.isArray(recording)) recording.push(payload);
}

function endpoint(): string | undefined {
  const url: unknown = import.meta.env.VITE_ANALYTICS_URL;
  return typeof url === 'string' && url.trim() ? url.trim() : undefined;
}

function send(payload: AnalyticsPayload): void {
  record(payload);
  const url = endpoint();
  if (!url) return;
  const body = JSON.stringify(payload);
  try {
    // sendBeacon survives the full-page navigations to /api/login; fetch is the fallback.
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      const queued = navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
      if (queued) return;
    }
    void fetch(url, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
      keepalive: true,
    }).catch(() => undefined);
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
