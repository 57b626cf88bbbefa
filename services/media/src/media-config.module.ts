import { DynamicModule, Module } from '@nestjs/common';
import { MEDIA_CONFIG, MediaConfig } from './config';

/** Provides `MEDIA_CONFIG` to the whole service, so feature modules read their limits from it. */
@Module({})
export class MediaConfigModule {
  static forConfig(config: MediaConfig): DynamicModule {
    return {
      module: MediaConfigModule,
      global: true,
      providers: [{ provide: MEDIA_CONFIG, useValue: config }],
      exports: [MEDIA_CONFIG],
    };
  }
}
