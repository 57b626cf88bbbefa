import { Module } from '@nestjs/common';
import { FeedCacheModule } from '../posts/feed-cache.module';
import { AccountConsumer } from './account.consumer';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';

@Module({
  imports: [FeedCacheModule],
  controllers: [AccountConsumer, AccountController],
  providers: [AccountService],
})
export class AccountModule {}
