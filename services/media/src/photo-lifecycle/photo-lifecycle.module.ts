import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/images.module';
import { OrphanPurge } from './orphan-purge.service';
import { PhotoLifecycleConsumer } from './photo-lifecycle.consumer';
import { PhotoLifecycle } from './photo-lifecycle.service';

/** Attaching images to posts and profiles, deleting a deleted post's photo, purging unused uploads. */
@Module({
  imports: [ImagesModule],
  controllers: [PhotoLifecycleConsumer],
  providers: [PhotoLifecycle, OrphanPurge],
})
export class PhotoLifecycleModule {}
