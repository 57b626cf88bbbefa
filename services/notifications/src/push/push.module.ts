import { DynamicModule, Module } from '@nestjs/common';
import { NotificationsConfig } from '../config';
import { PUSH_DISPATCHER } from './push-dispatcher';
import { PushController } from './push.controller';
import { PUSH_SETTINGS, pushSettings } from './push-settings';
import { PushSubscriptions } from './push-subscriptions';
import { WebPushDispatcher } from './web-push-dispatcher';

/** Web push: members' subscriptions (HTTP) and the dispatcher the notification consumers call. */
@Module({})
export class PushModule {
  static forConfig(config: NotificationsConfig): DynamicModule {
    return {
      module: PushModule,
      // Global, so the notification consumers inject PUSH_DISPATCHER without knowing the config.
      global: true,
      controllers: [PushController],
      providers: [
        { provide: PUSH_SETTINGS, useValue: pushSettings(config) },
        PushSubscriptions,
        WebPushDispatcher,
        { provide: PUSH_DISPATCHER, useExisting: WebPushDispatcher },
      ],
      exports: [PUSH_DISPATCHER],
    };
  }
}
