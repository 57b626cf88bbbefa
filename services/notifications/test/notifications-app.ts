import { DynamicModule, Global, Module } from '@nestjs/common';
import { RunningService } from '@daybreak/messaging';
import { startTestService, testServiceEnv } from '@daybreak/testing';
import { AppModule } from '../src/app.module';
import { loadNotificationsConfig } from '../src/config';
import { PUSH_DISPATCHER, PushDispatcher, PushMessage } from '../src/push/push-dispatcher';

/** What the service handed to push, one entry a recipient, in order (the real sender is push/'s, tested there). */
export const pushed: { userId: string; message: PushMessage }[] = [];
/** Each hand-over to push, as the recipients of its pushes (one hand-over per committed transaction). */
export const pushCalls: string[][] = [];

const record: PushDispatcher['notify'] = async (pushes) => {
  pushCalls.push(pushes.flatMap(({ recipientIds }) => [...recipientIds]));
  for (const { recipientIds, message } of pushes)
    for (const userId of recipientIds) pushed.push({ userId, message });
};
const recordingDispatcher: PushDispatcher = { notify: record, handOver: record };

@Global()
@Module({
  providers: [{ provide: PUSH_DISPATCHER, useValue: recordingDispatcher }],
  exports: [PUSH_DISPATCHER],
})
class RecordingPushModule {}

@Module({})
class NotificationsTestModule {}

/** The notifications service against the real test infrastructure, with a recording push dispatcher. */
export function startNotifications(options: {
  consumes: boolean;
  keepSchema?: boolean;
  /** Settings besides the test environment's, e.g. `REMINDER_POLL_MS: '0'` to send reminders by hand. */
  env?: NodeJS.ProcessEnv;
}): Promise<RunningService> {
  const env = { ...testServiceEnv(), ...options.env };
  const module: DynamicModule = {
    module: NotificationsTestModule,
    imports: [AppModule.forConfig(loadNotificationsConfig(env)), RecordingPushModule],
  };
  return startTestService('notifications', module, options);
}
