import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthorsModule } from '../authors/authors.module';
import { PostContextLoader } from './post-context.loader';
import { Post } from './post.entity';
import { PostsController } from './posts.controller';
import { PostsService } from './posts.service';

@Module({
  imports: [TypeOrmModule.forFeature([Post]), AuthorsModule],
  controllers: [PostsController],
  providers: [PostsService, PostContextLoader],
  exports: [PostsService],
})
export class PostsModule {}
