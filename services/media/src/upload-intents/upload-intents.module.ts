import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImagesModule } from '../images/images.module';
import { UploadIntent } from './upload-intent.entity';
import { UploadIntentsController } from './upload-intents.controller';
import { UploadIntentsService } from './upload-intents.service';

@Module({
  imports: [TypeOrmModule.forFeature([UploadIntent]), ImagesModule],
  controllers: [UploadIntentsController],
  providers: [UploadIntentsService],
})
export class UploadIntentsModule {}
