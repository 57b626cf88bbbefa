import { Module } from '@nestjs/common';
import { FeedCacheModule } from '../posts/feed-cache.module';
import { SafetyConsumer } from './safety.consumer';
import { SafetyController } from './safety.controller';
import { SafetyService } from './safety.service';

/** Blocks and mutes, as posts keeps and honours them (ADR 0024). */
@Module({
  imports: [FeedCacheModule],
  controllers: [SafetyConsumer, SafetyController],
  providers: [SafetyService],
})
export class SafetyModule {}
