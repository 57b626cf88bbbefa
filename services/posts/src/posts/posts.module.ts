import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Author } from '../authors/author.entity';
import { AuthorsConsumer } from '../authors/authors.consumer';
import { Comment } from '../comments/comment.entity';
import { CommentsController } from '../comments/comments.controller';
import { CommentsService } from '../comments/comments.service';
import { Like } from '../likes/like.entity';
import { PostContextLoader } from './post-context.loader';
import { Post } from './post.entity';
import { PostsController } from './posts.controller';
import { PostsService } from './posts.service';

@Module({
  imports: [TypeOrmModule.forFeature([Post, Author, Comment, Like])],
  controllers: [PostsController, CommentsController, AuthorsConsumer],
  providers: [PostsService, PostContextLoader, CommentsService],
})
export class PostsModule {}
