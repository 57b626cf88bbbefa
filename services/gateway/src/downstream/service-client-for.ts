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

/** The clients made for each config: one per service, however many classes call that service. */
const clientsByConfig = new WeakMap<GatewayConfig, Map<DownstreamService, ServiceClient>>();

/**
 * The gateway's client of one service: each call carries a token signed with the gateway's key for
 * that service (its audience), within the configured pool limits (`DOWNSTREAM_*`). Classes that call
 * the same service (social's SocialClient and SafetyClient) share its client, so the service gets
 * one pool of DOWNSTREAM_CONNECTIONS per gateway process, as the limit promises, not one per class.
 */
export function serviceClientFor(config: GatewayConfig, service: DownstreamService): ServiceClient {
  let clients = clientsByConfig.get(config);
  if (!clients) clientsByConfig.set(config, (clients = new Map()));
  let client = clients.get(service);
  if (!client) {
    client = new ServiceClient(
      service,
      config[SERVICE_URLS[service]],
      config.IDENTITY_PRIVATE_KEY,
      downstreamLimits(config),
    );
    clients.set(service, client);
  }
  return client;
}
