import { Module } from '@nestjs/common';
import { MediaClient } from './media.client';
import { MediaController } from './media.controller';

/**
 * Images: direct uploads (`/api/objects/upload`, `/api/objects/uploads/:token`), the images themselves
 * (`/objects/:id`, `/uploads/:id`), and `MediaClient` for other controllers (post photos). Uses
 * `GATEWAY_CONFIG` and Redis (rate limits) from the gateway's global AppModule.
 */
@Module({
  controllers: [MediaController],
  providers: [MediaClient],
  exports: [MediaClient],
})
export class MediaModule {}
