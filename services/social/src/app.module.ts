import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseHealthIndicator, DatabaseModule, databaseTimeouts } from '@daybreak/database';
import { KafkaHealthIndicator, MessagingModule } from '@daybreak/messaging';
import { HealthModule, kafkaSecurityOf } from '@daybreak/nest-common';
import { AccountModule } from './account/account.module';
import { SocialConfig } from './config';
import { socialMigrations } from './migrations';
import { FollowsModule } from './follows/follows.module';
import { Invite } from './invites/invite.entity';
import { InvitesModule } from './invites/invites.module';
import { ModerationModule } from './moderation/moderation.module';
import { SafetyModule } from './safety/safety.module';
import { User } from './users/user.entity';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  static forConfig(config: SocialConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forService({
          service: 'social',
          url: config.DATABASE_URL,
          timeouts: databaseTimeouts(config),
          entities: [User, Invite],
          migrations: socialMigrations,
        }),
        MessagingModule.forService({
          service: 'social',
          brokers: config.KAFKA_BROKERS,
          security: kafkaSecurityOf(config),
          topicPrefix: config.KAFKA_TOPIC_PREFIX,
          retention: { outboxDays: config.OUTBOX_RETENTION_DAYS, inboxDays: config.INBOX_RETENTION_DAYS },
        }),
        HealthModule.forIndicators([DatabaseHealthIndicator, KafkaHealthIndicator]),
        UsersModule,
        FollowsModule,
        InvitesModule,
        SafetyModule,
        AccountModule,
        ModerationModule,
      ],
    };
  }
}
