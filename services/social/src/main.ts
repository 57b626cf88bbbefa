import 'reflect-metadata';
import { runService } from '@daybreak/messaging';
import { AppModule } from './app.module';
import { loadSocialConfig } from './config';

runService('social', loadSocialConfig, (config) => AppModule.forConfig(config));
