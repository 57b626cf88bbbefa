import { z } from 'zod';
import { ANALYTICS_BATCH_LIMIT, ANALYTICS_EVENT_NAMES } from './analytics-names';

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
