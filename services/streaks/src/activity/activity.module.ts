import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityConsumer } from './activity.consumer';
import { ActivityController } from './activity.controller';
import { ActivityService } from './activity.service';
import { EarlyPost } from './early-post.entity';
import { PostDay } from './post-day.entity';

@Module({
  imports: [TypeOrmModule.forFeature([EarlyPost, PostDay])],
  controllers: [ActivityController, ActivityConsumer],
  providers: [ActivityService],
})
export class ActivityModule {}
