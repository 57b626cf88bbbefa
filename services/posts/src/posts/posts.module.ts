import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Author } from '../authors/author.entity';
import { AuthorsConsumer } from '../authors/authors.consumer';
import { Post } from './post.entity';
import { PostsController } from './posts.controller';
import { PostsService } from './posts.service';

@Module({
  imports: [TypeOrmModule.forFeature([Post, Author])],
  controllers: [PostsController, AuthorsConsumer],
  providers: [PostsService],
})
export class PostsModule {}
