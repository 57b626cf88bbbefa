import 'reflect-metadata';
import { runService } from '@daybreak/messaging';
import { AppModule } from './app.module';
import { loadStreaksConfig } from './config';

runService('streaks', loadStreaksConfig, (config) => AppModule.forConfig(config), { consumes: true });
