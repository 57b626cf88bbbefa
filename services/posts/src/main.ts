// First: tracing instruments pg, ioredis and http as they load (libs/observability/src/register.ts).
import '@daybreak/observability/register';
import 'reflect-metadata';
import { runService } from '@daybreak/messaging';
import { AppModule } from './app.module';
import { loadPostsConfig } from './config';

runService('posts', loadPostsConfig, (config) => AppModule.forConfig(config), { consumes: true });
