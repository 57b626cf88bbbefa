import { Module } from '@nestjs/common';
import { FeedCacheModule } from '../posts/feed-cache.module';
import { ModerationConsumer } from './moderation.consumer';
import { ModerationService } from './moderation.service';
import { ReportTargetsController } from './report-targets.controller';

/** Moderation as posts applies it (issue 42): hidden posts and comments, suspended authors. */
@Module({
  imports: [FeedCacheModule],
  controllers: [ModerationConsumer, ReportTargetsController],
  providers: [ModerationService],
})
export class ModerationModule {}
