import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FeedCacheModule } from './feed-cache.module';
import { PostJsonQuery } from './post-json.queries';
import { Post } from './post.entity';
import { PostsController } from './posts.controller';
import { PostsService } from './posts.service';

@Module({
  imports: [TypeOrmModule.forFeature([Post]), FeedCacheModule],
  controllers: [PostsController],
  providers: [PostsService, PostJsonQuery],
  exports: [PostsService, FeedCacheModule],
})
export class PostsModule {}
