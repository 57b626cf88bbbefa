import 'reflect-metadata';
import { startServiceApp } from '@daybreak/messaging';
import { AppModule } from './app.module';
import { loadStreaksConfig } from './config';

async function main(): Promise<void> {
  const config = loadStreaksConfig();
  await startServiceApp(AppModule.forConfig(config), {
    name: 'streaks',
    host: config.HOST,
    port: config.PORT,
    serviceTokenSecret: config.SERVICE_TOKEN_SECRET,
    logLevel: config.LOG_LEVEL,
    consumer: { brokers: config.KAFKA_BROKERS, groupId: config.KAFKA_GROUP_ID },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
