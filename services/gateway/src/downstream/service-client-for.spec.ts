import type { GatewayConfig } from '../config';
import { serviceClientFor } from './service-client-for';

const config = (): GatewayConfig =>
  ({
    POSTS_URL: 'http://127.0.0.1:1',
    SOCIAL_URL: 'http://127.0.0.1:2',
    STREAKS_URL: 'http://127.0.0.1:3',
    NOTIFICATIONS_URL: 'http://127.0.0.1:4',
    MEDIA_URL: 'http://127.0.0.1:5',
    IDENTITY_PRIVATE_KEY: 'unused: no call is made',
  }) as GatewayConfig;

describe('serviceClientFor', () => {
  it('gives every caller of one service the same client, so the service has one pool', () => {
    const gateway = config();
    expect(serviceClientFor(gateway, 'social')).toBe(serviceClientFor(gateway, 'social'));
  });

  it('gives each service its own client, and another config its own', () => {
    const gateway = config();
    expect(serviceClientFor(gateway, 'social')).not.toBe(serviceClientFor(gateway, 'posts'));
    expect(serviceClientFor(config(), 'social')).not.toBe(serviceClientFor(gateway, 'social'));
  });
});
