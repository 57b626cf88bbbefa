import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Author } from './author.entity';
import { AuthorsConsumer } from './authors.consumer';
import { AuthorsService } from './authors.service';

@Module({
  imports: [TypeOrmModule.forFeature([Author])],
  controllers: [AuthorsConsumer],
  providers: [AuthorsService],
  exports: [AuthorsService],
})
export class AuthorsModule {}
