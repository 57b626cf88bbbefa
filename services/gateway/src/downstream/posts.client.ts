import { Inject, Injectable } from '@nestjs/common';
import {
  FEED_VERSION_HEADER,
  type Comment,
  type LikeStatus,
  type LikeToggleResult,
  type Post,
  type PostText,
} from '@daybreak/contracts';
import { GATEWAY_CONFIG, GatewayConfig } from '../config';
import { serviceClientFor } from './service-client-for';
import { downstreamPath } from './downstream-path';
import { JsonPassThrough } from './json-pass-through';
import { ServiceClient } from './service-client';

/** A feed page's JSON (`Post[]`), and the version posts built it from, if it said. */
export interface VersionedFeedPage {
  bytes: Buffer;
  version?: number;
}

export interface NewPost {
  content: string;
  timezone: string;
  imageUrl?: string | null;
}

/** The posts service, called on behalf of a viewer (a member's id, or null for a guest). */
@Injectable()
export class PostsClient {
  private readonly client: ServiceClient;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.client = serviceClientFor(config, 'posts');
  }

  /**
   * The feed page's JSON as the posts service wrote it, for the browser, with the version of the
   * cached page it was built from when posts says (FEED_VERSION_HEADER; see FeedCopies).
   */
  async feed(viewerId: string | null, page: { limit?: string; offset?: string }): Promise<VersionedFeedPage> {
    const response = await this.client.exchange(downstreamPath`/posts`, {
      viewer: { userId: viewerId },
      query: page,
      headers: { accept: 'application/json' },
    });
    const version = response.headers[FEED_VERSION_HEADER];
    return {
      bytes: Buffer.from(await response.body.arrayBuffer()),
      version: typeof version === 'string' ? Number(version) : undefined,
    };
  }

  /** One member's posts, newest first, paged like the feed. */
  byAuthor(
    viewerId: string | null,
    authorId: string,
    page: { limit?: string; offset?: string },
  ): Promise<Post[]> {
    return this.client.call(downstreamPath`/posts`, {
      viewer: { userId: viewerId },
      query: { ...page, authorId },
    });
  }

  findOne(viewerId: string | null, id: string): Promise<Post> {
    return this.client.call(downstreamPath`/posts/${id}`, { viewer: { userId: viewerId } });
  }

  /** The texts of up to STREAK_TEST_POST_LIMIT posts by id, in one call; a missing post is left out. */
  texts(viewerId: string, ids: string[]): Promise<PostText[]> {
    return this.client.call(downstreamPath`/posts/texts`, {
      viewer: { userId: viewerId },
      method: 'POST',
      body: { ids },
    });
  }

  /** `findOne` for the browser, untouched on the way. */
  relayOne(viewerId: string | null, id: string): Promise<JsonPassThrough<Post>> {
    return this.client.passThrough(downstreamPath`/posts/${id}`, { viewer: { userId: viewerId } });
  }

  create(viewerId: string, post: NewPost): Promise<Post> {
    return this.client.call(downstreamPath`/posts`, {
      viewer: { userId: viewerId },
      method: 'POST',
      body: post,
    });
  }

  /** Whether `create` would accept this post once its photo is stored: resolves, or fails with its 400. */
  validate(viewerId: string, draft: { content: string; timezone: string; hasImage: boolean }): Promise<void> {
    return this.client.call(downstreamPath`/posts/validate`, {
      viewer: { userId: viewerId },
      method: 'POST',
      body: draft,
    });
  }

  delete(viewerId: string, id: string): Promise<void> {
    return this.client.call(downstreamPath`/posts/${id}`, {
      viewer: { userId: viewerId },
      method: 'DELETE',
    });
  }

  toggleLike(viewerId: string, id: string): Promise<LikeToggleResult> {
    return this.client.call(downstreamPath`/posts/${id}/like`, {
      viewer: { userId: viewerId },
      method: 'POST',
    });
  }

  likeStatus(viewerId: string, id: string): Promise<LikeStatus> {
    return this.client.call(downstreamPath`/posts/${id}/like-status`, { viewer: { userId: viewerId } });
  }

  comments(viewerId: string | null, postId: string): Promise<JsonPassThrough<Comment[]>> {
    return this.client.passThrough(downstreamPath`/posts/${postId}/comments`, {
      viewer: { userId: viewerId },
    });
  }

  addComment(viewerId: string, postId: string, content: unknown): Promise<Comment> {
    return this.client.call(downstreamPath`/posts/${postId}/comments`, {
      viewer: { userId: viewerId },
      method: 'POST',
      body: { content },
    });
  }

  /**
   * Resolves once posts has applied the member's blocks and mutes up to `version` and dropped its
   * feed pages (`caughtUp` false if posts gave up waiting; ADR 0024).
   */
  caughtUp(viewerId: string, version: number): Promise<{ caughtUp: boolean }> {
    return this.client.call(downstreamPath`/safety/caught-up`, {
      viewer: { userId: viewerId },
      method: 'POST',
      body: { version },
    });
  }

  deleteComment(viewerId: string, postId: string, commentId: string): Promise<void> {
    return this.client.call(downstreamPath`/posts/${postId}/comments/${commentId}`, {
      viewer: { userId: viewerId },
      method: 'DELETE',
    });
  }
}
