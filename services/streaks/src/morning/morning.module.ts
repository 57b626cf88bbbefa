import { DynamicModule, Module } from '@nestjs/common';
import { LeaderboardModule } from '../leaderboard/leaderboard.module';
import { MembersModule } from '../members/members.module';
import { StreaksModule } from '../streaks/streaks.module';
import { MorningMessages } from './morning-messages.service';
import { MORNING_SCHEDULER_OPTIONS, MorningScheduler, MorningSchedulerOptions } from './morning-scheduler';

/** The streak nudge and the weekly recap: decided and published here (ADR 0028). */
@Module({})
export class MorningModule {
  static forOptions(options: MorningSchedulerOptions): DynamicModule {
    return {
      module: MorningModule,
      imports: [MembersModule, StreaksModule, LeaderboardModule],
      providers: [
        MorningMessages,
        MorningScheduler,
        { provide: MORNING_SCHEDULER_OPTIONS, useValue: options },
      ],
      exports: [MorningScheduler],
    };
  }
}
