import { Inject, Injectable } from '@nestjs/common';
import type { Statistics } from '@daybreak/contracts';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { downstreamPath } from './downstream-path';
import { ServiceClient } from './service-client';

@Injectable()
export class StreaksClient {
  private readonly client: ServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = new ServiceClient('streaks', config.STREAKS_URL, config.SERVICE_TOKEN_SECRET);
  }

  statistics(viewerId: string | null, userId: string): Promise<Statistics> {
    return this.client.call(downstreamPath`/users/${userId}/stats`, { viewer: { userId: viewerId } });
  }
}
