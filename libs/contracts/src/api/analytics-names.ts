/* No zod here: the SPA imports these, and a schema built at import time would join its first route. */

/**
 * The product analytics events of spec §7, and the page view sent on each route change. The SPA may
 * send these names alone: the gateway answers any other with 400 (ADR 0033).
 */
export const ANALYTICS_EVENT_NAMES = [
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
  'page_view',
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** The most events one request carries: the SPA sends every 20, or what is left when the page hides. */
export const ANALYTICS_BATCH_LIMIT = 50;
