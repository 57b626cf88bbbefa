import { Inject, Injectable } from '@nestjs/common';
import {
  SAFETY_VERSION_HEADER,
  type BlockResult,
  type BlockedMember,
  type MuteResult,
} from '@daybreak/contracts';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { serviceClientFor } from './service-client-for';
import { type DownstreamPath, downstreamPath } from './downstream-path';
import { ServiceClient } from './service-client';
import type { Page } from './page';

/** A change's answer, and the member's safety version social gave with it (ADR 0024). */
export interface SafetyChange<T> {
  result: T;
  version: number;
}

/** The social service's blocks and mutes, for one member (issue 42). */
@Injectable()
export class SafetyClient {
  private readonly client: ServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = serviceClientFor(config, 'social');
  }

  /** `on` true blocks, false unblocks. */
  block(viewerId: string, userId: string, on: boolean): Promise<SafetyChange<BlockResult>> {
    return this.change(downstreamPath`/users/${userId}/block`, viewerId, on);
  }

  /** `on` true mutes, false unmutes. */
  mute(viewerId: string, userId: string, on: boolean): Promise<SafetyChange<MuteResult>> {
    return this.change(downstreamPath`/users/${userId}/mute`, viewerId, on);
  }

  blocks(viewerId: string, page: Page): Promise<BlockedMember[]> {
    return this.client.call(downstreamPath`/blocks`, { viewer: { userId: viewerId }, query: { ...page } });
  }

  mutes(viewerId: string, page: Page): Promise<BlockedMember[]> {
    return this.client.call(downstreamPath`/mutes`, { viewer: { userId: viewerId }, query: { ...page } });
  }

  /** POST (`on`) or DELETE: the JSON answer, with the version from SAFETY_VERSION_HEADER. */
  private async change<T>(path: DownstreamPath, viewerId: string, on: boolean): Promise<SafetyChange<T>> {
    const response = await this.client.exchange(path, {
      viewer: { userId: viewerId },
      method: on ? 'POST' : 'DELETE',
      headers: { accept: 'application/json' },
    });
    const version = Number(response.headers[SAFETY_VERSION_HEADER]);
    return { result: (await response.body.json()) as T, version };
  }
}
