import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { StreaksConsumer } from './streaks.consumer';
import { StreaksController } from './streaks.controller';
import { MemberHistory } from './member-history';
import { StreaksService } from './streaks.service';

@Module({
  imports: [MembersModule],
  controllers: [StreaksController, StreaksConsumer],
  providers: [StreaksService, MemberHistory],
  exports: [StreaksService, MemberHistory],
})
export class StreaksModule {}
