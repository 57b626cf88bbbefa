import type { GatewayConfig } from '../config';
import { downstreamLimits } from './downstream-limits';
import { ServiceClient } from './service-client';

/** Where each service the gateway calls is, by the variable that holds its URL. */
const SERVICE_URLS = {
  posts: 'POSTS_URL',
  social: 'SOCIAL_URL',
  streaks: 'STREAKS_URL',
  notifications: 'NOTIFICATIONS_URL',
  media: 'MEDIA_URL',
} as const satisfies Record<string, keyof GatewayConfig>;

export type DownstreamService = keyof typeof SERVICE_URLS;

/**
 * The gateway's client of one service: each call carries a token signed with the gateway's key for
 * that service (its audience), within the configured pool limits (`DOWNSTREAM_*`).
 */
export function serviceClientFor(config: GatewayConfig, service: DownstreamService): ServiceClient {
  return new ServiceClient(
    service,
    config[SERVICE_URLS[service]],
    config.IDENTITY_PRIVATE_KEY,
    downstreamLimits(config),
  );
}
