import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityConsumer } from './activity.consumer';
import { ActivityController } from './activity.controller';
import { ActivityService } from './activity.service';
import { EarlyPost } from './early-post.entity';

@Module({
  imports: [TypeOrmModule.forFeature([EarlyPost])],
  controllers: [ActivityController, ActivityConsumer],
  providers: [ActivityService],
})
export class ActivityModule {}
