import { Inject, Injectable } from '@nestjs/common';
import type { Post } from '@daybreak/contracts';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { ServiceClient } from './service-client';

export interface NewPost {
  content: string;
  timezone: string;
  imageUrl?: string | null;
}

@Injectable()
export class PostsClient {
  private readonly client: ServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = new ServiceClient('posts', config.POSTS_URL, config.SERVICE_TOKEN_SECRET);
  }

  feed(viewerId: string | null, page: { limit?: string; offset?: string }): Promise<Post[]> {
    return this.client.call('/posts', { viewer: { userId: viewerId }, query: page });
  }

  findOne(viewerId: string | null, id: string): Promise<Post> {
    return this.client.call(`/posts/${encodeURIComponent(id)}`, { viewer: { userId: viewerId } });
  }

  create(viewerId: string, post: NewPost): Promise<Post> {
    return this.client.call('/posts', { viewer: { userId: viewerId }, method: 'POST', body: post });
  }
}
