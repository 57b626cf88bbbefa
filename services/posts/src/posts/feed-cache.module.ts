import { Module } from '@nestjs/common';
import { FeedCache } from './feed-cache';

/** Its own module: posts, likes, comments and authors all drop the cached pages when they change. */
@Module({ providers: [FeedCache], exports: [FeedCache] })
export class FeedCacheModule {}
