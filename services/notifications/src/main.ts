import 'reflect-metadata';
import { startServiceApp } from '@daybreak/messaging';
import { AppModule } from './app.module';
import { loadNotificationsConfig } from './config';

async function main(): Promise<void> {
  const config = loadNotificationsConfig();
  await startServiceApp(AppModule.forConfig(config), {
    name: 'notifications',
    host: config.HOST,
    port: config.PORT,
    serviceTokenSecret: config.SERVICE_TOKEN_SECRET,
    logLevel: config.LOG_LEVEL,
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
