import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImageProcessor } from './image.processor';
import { ImagesController } from './images.controller';
import { ImagesService } from './images.service';
import { RawUploadBodies } from './raw-upload-bodies';
import { MediaObject } from './media-object.entity';
import { UploadQuota } from './upload-quota';

/** Ingesting and serving images; needs `OBJECT_STORE` from the global StorageModule. */
@Module({
  imports: [TypeOrmModule.forFeature([MediaObject])],
  controllers: [ImagesController],
  providers: [ImagesService, ImageProcessor, UploadQuota, RawUploadBodies],
  exports: [ImagesService],
})
export class ImagesModule {}
