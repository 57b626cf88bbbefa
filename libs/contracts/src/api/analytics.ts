import { z } from 'zod';

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
/** A property's name: snake_case, as the SPA's events name them. */
const propertyName = /^[a-z][a-z0-9_]{0,39}$/;

export const analyticsEventName = z.enum(ANALYTICS_EVENT_NAMES, {
  error: (issue) =>
    `Unknown analytics event ${JSON.stringify(issue.input)}: send one of ${ANALYTICS_EVENT_NAMES.join(', ')}.`,
});

/** Short values only: event properties name things (a feed, a badge, an outcome), they are not text. */
const propertyValue = z.union([z.string().max(100), z.number().finite(), z.boolean(), z.null()]);

export const analyticsProperties = z
  .record(
    z.string().regex(propertyName, 'property names are snake_case, 40 characters at most'),
    propertyValue,
  )
  .refine((properties) => Object.keys(properties).length <= 12, 'an event has 12 properties at most');

export const analyticsClientEvent = z.object({
  type: z.enum(['event', 'page_view']),
  name: analyticsEventName,
  properties: analyticsProperties.default({}),
  /** The SPA's route when it happened, e.g. `/post/…`. */
  path: z.string().startsWith('/', 'path must start with /').max(200),
  /** The browser's clock, which may be wrong: the gateway adds its own receive time. */
  timestamp: z.iso.datetime({ offset: true }),
});

export const analyticsBatch = z.object({
  events: z
    .array(analyticsClientEvent)
    .min(1, 'send at least one event')
    .max(ANALYTICS_BATCH_LIMIT, `send ${ANALYTICS_BATCH_LIMIT} events at most per request`),
});

export type AnalyticsClientEvent = z.infer<typeof analyticsClientEvent>;
export type AnalyticsBatch = z.infer<typeof analyticsBatch>;
