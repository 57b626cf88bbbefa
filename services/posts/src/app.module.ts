import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseHealthIndicator, DatabaseModule, databaseTimeouts } from '@daybreak/database';
import { KafkaHealthIndicator, MessagingModule } from '@daybreak/messaging';
import { HealthModule, kafkaSecurityOf } from '@daybreak/nest-common';
import { RedisModule } from '@daybreak/redis';
import { AccountModule } from './account/account.module';
import { Author } from './authors/author.entity';
import { PostsConfig } from './config';
import { postsMigrations } from './migrations';
import { Comment } from './comments/comment.entity';
import { Like } from './likes/like.entity';
import { Post } from './posts/post.entity';
import { AuthorsModule } from './authors/authors.module';
import { CommentsModule } from './comments/comments.module';
import { LikesModule } from './likes/likes.module';
import { ModerationModule } from './moderation/moderation.module';
import { PostsModule } from './posts/posts.module';
import { SafetyModule } from './safety/safety.module';

@Module({})
export class AppModule {
  static forConfig(config: PostsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.forService({
          service: 'posts',
          url: config.DATABASE_URL,
          timeouts: databaseTimeouts(config),
          entities: [Post, Author, Comment, Like],
          migrations: postsMigrations,
        }),
        MessagingModule.forService({
          service: 'posts',
          brokers: config.KAFKA_BROKERS,
          security: kafkaSecurityOf(config),
          topicPrefix: config.KAFKA_TOPIC_PREFIX,
          retention: { outboxDays: config.OUTBOX_RETENTION_DAYS, inboxDays: config.INBOX_RETENTION_DAYS },
        }),
        // Not a readiness check: without Redis the feed is read from Postgres, only slower.
        RedisModule.forRoot(config.REDIS_URL),
        HealthModule.forIndicators([DatabaseHealthIndicator, KafkaHealthIndicator]),
        AuthorsModule,
        PostsModule,
        LikesModule,
        CommentsModule,
        SafetyModule,
        AccountModule,
        ModerationModule,
      ],
    };
  }
}
