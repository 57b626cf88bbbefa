import { OutboxTraceContext1736000000000 } from '@daybreak/messaging';
import { Initial1732000000000 } from './1732000000000-initial';
import { Notifications1735000000000 } from './1735000000000-notifications';
import { PushSubscriptions1735100000000 } from './1735100000000-push-subscriptions';
import { UnreadCounters1735200000000 } from './1735200000000-unread-counters';
import { BlocksAndMutes1742100000000 } from './1742100000000-blocks-and-mutes';
import { ReportNotifications1743200000002 } from './1743200000002-report-notifications';
import { Reminders1743400000000 } from './1743400000000-reminders';

/** In order; TypeORM runs the ones not yet applied at boot. */
export const notificationsMigrations = [
  Initial1732000000000,
  Notifications1735000000000,
  PushSubscriptions1735100000000,
  UnreadCounters1735200000000,
  OutboxTraceContext1736000000000,
  BlocksAndMutes1742100000000,
  ReportNotifications1743200000002,
  Reminders1743400000000,
];
