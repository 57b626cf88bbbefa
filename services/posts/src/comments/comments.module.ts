import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthorsModule } from '../authors/authors.module';
import { PostsModule } from '../posts/posts.module';
import { Comment } from './comment.entity';
import { CommentsController } from './comments.controller';
import { CommentsService } from './comments.service';

@Module({
  imports: [TypeOrmModule.forFeature([Comment]), PostsModule, AuthorsModule],
  controllers: [CommentsController],
  providers: [CommentsService],
})
export class CommentsModule {}
