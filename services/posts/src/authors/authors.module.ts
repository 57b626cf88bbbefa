import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FeedCacheModule } from '../posts/feed-cache.module';
import { Author } from './author.entity';
import { AuthorsConsumer } from './authors.consumer';
import { AuthorsService } from './authors.service';

@Module({
  imports: [TypeOrmModule.forFeature([Author]), FeedCacheModule],
  controllers: [AuthorsConsumer],
  providers: [AuthorsService],
  exports: [AuthorsService],
})
export class AuthorsModule {}
