import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { FollowsConsumer } from './follows.consumer';
import { LeaderboardController } from './leaderboard.controller';
import { FollowsService } from './follows.service';
import { LeaderboardService } from './leaderboard.service';

@Module({
  imports: [MembersModule],
  controllers: [LeaderboardController, FollowsConsumer],
  providers: [LeaderboardService, FollowsService],
  exports: [LeaderboardService],
})
export class LeaderboardModule {}
