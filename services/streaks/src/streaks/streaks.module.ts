import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { StreaksConsumer } from './streaks.consumer';
import { StreaksController } from './streaks.controller';
import { StreaksService } from './streaks.service';

@Module({
  imports: [MembersModule],
  controllers: [StreaksController, StreaksConsumer],
  providers: [StreaksService],
  exports: [StreaksService],
})
export class StreaksModule {}
