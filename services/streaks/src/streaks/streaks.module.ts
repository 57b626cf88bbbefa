import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StreaksConsumer } from './streaks.consumer';
import { StreaksController } from './streaks.controller';
import { StreaksService } from './streaks.service';
import { EarlyPost } from './early-post.entity';
import { PostDay } from './post-day.entity';

@Module({
  imports: [TypeOrmModule.forFeature([EarlyPost, PostDay])],
  controllers: [StreaksController, StreaksConsumer],
  providers: [StreaksService],
})
export class StreaksModule {}
