// First: tracing instruments pg, ioredis and http as they load (libs/observability/src/register.ts).
import '@daybreak/observability/register';
import 'reflect-metadata';
import { runService } from '@daybreak/messaging';
import { AppModule } from './app.module';
import { loadMediaConfig } from './config';

// Consumes post and user events: which images are in use, and which posts went (src/photo-lifecycle).
runService('media', loadMediaConfig, (config) => AppModule.forConfig(config), { consumes: true });
