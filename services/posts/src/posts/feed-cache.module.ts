import { Module } from '@nestjs/common';
import { FeedCache } from './feed-cache';

/** Its own module: posts, likes, comments and authors all write through it (FeedCache.write). */
@Module({ providers: [FeedCache], exports: [FeedCache] })
export class FeedCacheModule {}
