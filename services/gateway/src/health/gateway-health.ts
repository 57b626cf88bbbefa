import { Inject, Injectable } from '@nestjs/common';
import type { HealthIndicator } from '@daybreak/nest-common';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';

/** Ready only when every service behind the gateway reports ready itself. */
@Injectable()
export class ServicesHealthIndicator implements HealthIndicator {
  readonly name = 'services';
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async check(): Promise<void> {
    const services = {
      posts: this.config.POSTS_URL,
      social: this.config.SOCIAL_URL,
      streaks: this.config.STREAKS_URL,
      notifications: this.config.NOTIFICATIONS_URL,
      media: this.config.MEDIA_URL,
    };
    const down: string[] = [];
    await Promise.all(
      Object.entries(services).map(async ([name, baseUrl]) => {
        const response = await fetch(new URL('/health/ready', baseUrl)).catch(() => null);
        if (!response?.ok) down.push(name);
      }),
    );
    if (down.length > 0) throw new Error(`not ready: ${down.sort().join(', ')}`);
  }
}
