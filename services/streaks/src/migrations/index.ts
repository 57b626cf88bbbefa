import { OutboxTraceContext1736000000000 } from '@daybreak/messaging';
import { Initial1732000000000 } from './1732000000000-initial';
import { PostDays1732200000000 } from './1732200000000-post-days';
import { BadgesMembersFollows1732300000000 } from './1732300000000-badges-members-follows';
import { MembersWithoutEmail1737000000000 } from './1737000000000-members-without-email';
import { MemberAggregates1738000000000 } from './1738000000000-member-aggregates';
import { MembersNewestWins1739000000000 } from './1739000000000-members-newest-wins';
import { StreakFreezes1743500000000 } from './1743500000000-streak-freezes';
import { MorningSchedule1743510000000 } from './1743510000000-morning-schedule';
import { ProductAnalytics1744100000000 } from './1744100000000-product-analytics';

/** In order; TypeORM runs the ones not yet applied at boot. */
export const streaksMigrations = [
  Initial1732000000000,
  PostDays1732200000000,
  BadgesMembersFollows1732300000000,
  OutboxTraceContext1736000000000,
  MembersWithoutEmail1737000000000,
  MemberAggregates1738000000000,
  MembersNewestWins1739000000000,
  StreakFreezes1743500000000,
  MorningSchedule1743510000000,
  ProductAnalytics1744100000000,
];
