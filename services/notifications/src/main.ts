import 'reflect-metadata';
import { runService } from '@daybreak/messaging';
import { AppModule } from './app.module';
import { loadNotificationsConfig } from './config';

runService('notifications', loadNotificationsConfig, (config) => AppModule.forConfig(config));
