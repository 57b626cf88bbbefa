import { DynamicModule, Module } from '@nestjs/common';
import { HealthModule } from '@daybreak/nest-common';
import { RedisHealthIndicator, RedisModule } from '@daybreak/redis';
import { AccountController } from './account/account.controller';
import { AnalyticsController } from './analytics/analytics.controller';
import { AuthModule } from './auth/auth.module';
import { GATEWAY_CONFIG, GatewayConfig } from './config';
import { PostsClient } from './downstream/posts.client';
import { StreaksClient } from './downstream/streaks.client';
import { SocialClient } from './downstream/social.client';
import { ServicesHealthIndicator } from './health/gateway-health';
import { MediaModule } from './media/media.module';
import { FeedCopies } from './posts/feed-copies';
import { PostPublishing } from './posts/post-publishing.service';
import { NotificationsClient } from './downstream/notifications.client';
import { NotificationsController } from './notifications/notifications.controller';
import { StreamSlots } from './notifications/stream-slots';
import { UnreadCountHub } from './notifications/unread-count-hub';
import { SessionWatch } from './auth/session-watch';
import { PostsController } from './posts/posts.controller';
import { InvitesController } from './invites/invites.controller';
import { ProfileController } from './profile/profile.controller';
import { RemindersController } from './profile/reminders.controller';
import { BadgesController } from './badges/badges.controller';
import { LeaderboardController } from './leaderboard/leaderboard.controller';
import { OwnFollows } from './leaderboard/own-follows';
import { TestPagesController } from './test-pages/test-pages.controller';
import { RateLimitGuard } from './security/rate-limit.guard';
import { UsersController } from './users/users.controller';
import { AccountClient } from './downstream/account.client';
import { SafetyClient } from './downstream/safety.client';
import { SafetyController } from './safety/safety.controller';
import { OwnChangeVisible } from './safety/own-change-visible';
import { ModerationClient } from './downstream/moderation.client';
import { HiddenContentController } from './moderation/hidden-content.controller';
import { ModerationController } from './moderation/moderation.controller';
import { ReportsController } from './moderation/reports.controller';
import { CrawlersController } from './spa/crawlers.controller';
import { LinkPreviews } from './spa/link-previews';

@Module({})
export class AppModule {
  static forConfig(config: GatewayConfig): DynamicModule {
    const configProvider = { provide: GATEWAY_CONFIG, useValue: config };
    return {
      module: AppModule,
      global: true,
      imports: [
        RedisModule.forRoot(config.REDIS_URL),
        HealthModule.forIndicators([RedisHealthIndicator, ServicesHealthIndicator]),
        AuthModule,
        MediaModule,
      ],
      controllers: [
        PostsController,
        ProfileController,
        RemindersController,
        BadgesController,
        LeaderboardController,
        UsersController,
        SafetyController,
        AccountController,
        ReportsController,
        ModerationController,
        HiddenContentController,
        InvitesController,
        TestPagesController,
        NotificationsController,
        CrawlersController,
        AnalyticsController,
      ],
      providers: [
        configProvider,
        SocialClient,
        SafetyClient,
        OwnChangeVisible,
        AccountClient,
        ModerationClient,
        PostsClient,
        StreaksClient,
        PostPublishing,
        FeedCopies,
        NotificationsClient,
        UnreadCountHub,
        StreamSlots,
        SessionWatch,
        RateLimitGuard,
        ServicesHealthIndicator,
        LinkPreviews,
        OwnFollows,
      ],
      exports: [configProvider, SocialClient, PostsClient, ServicesHealthIndicator],
    };
  }
}
