import { Module } from '@nestjs/common';
import { StreaksModule } from '../streaks/streaks.module';
import { BadgesConsumer } from './badges.consumer';
import { BadgesController } from './badges.controller';
import { BadgesService } from './badges.service';
import { PostActivityService } from './post-activity.service';

@Module({
  imports: [StreaksModule],
  controllers: [BadgesController, BadgesConsumer],
  providers: [BadgesService, PostActivityService],
})
export class BadgesModule {}
