import { Inject, Injectable } from '@nestjs/common';
import type { BlockResult, BlockedMember, MuteResult } from '@daybreak/contracts';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { serviceClientFor } from './service-client-for';
import { downstreamPath } from './downstream-path';
import { ServiceClient } from './service-client';
import type { Page } from './social.client';

/** The social service's blocks and mutes, for one member (issue 42). */
@Injectable()
export class SafetyClient {
  private readonly client: ServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = serviceClientFor(config, 'social');
  }

  /** `on` true blocks, false unblocks. */
  block(viewerId: string, userId: string, on: boolean): Promise<BlockResult> {
    return this.client.call(downstreamPath`/users/${userId}/block`, {
      viewer: { userId: viewerId },
      method: on ? 'POST' : 'DELETE',
    });
  }

  /** `on` true mutes, false unmutes. */
  mute(viewerId: string, userId: string, on: boolean): Promise<MuteResult> {
    return this.client.call(downstreamPath`/users/${userId}/mute`, {
      viewer: { userId: viewerId },
      method: on ? 'POST' : 'DELETE',
    });
  }

  blocks(viewerId: string, page: Page): Promise<BlockedMember[]> {
    return this.client.call(downstreamPath`/blocks`, { viewer: { userId: viewerId }, query: { ...page } });
  }

  mutes(viewerId: string, page: Page): Promise<BlockedMember[]> {
    return this.client.call(downstreamPath`/mutes`, { viewer: { userId: viewerId }, query: { ...page } });
  }
}
