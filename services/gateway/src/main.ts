// First: tracing instruments pg, ioredis and http as they load (libs/observability/src/register.ts).
import '@daybreak/observability/register';
import 'reflect-metadata';
import { loadGatewayConfig } from './config';
import { createGatewayApp } from './gateway-app';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const app = await createGatewayApp(config);
  await app.listen(config.PORT, config.HOST);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
