import { RunningService } from '@daybreak/messaging';
import { consumedBy, serviceUnderTest, startTestService, testServiceEnv } from '@daybreak/testing';
import { RetryOptions } from 'kafkajs';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { loadStreaksConfig } from '../src/config';

/**
 * For a describe block: the streaks service with its consumers, against the real test infrastructure
 * (serviceUnderTest). `env` adds settings to the test environment's (e.g. a stopped scheduler);
 * `consumerRetry` replaces the consumer's retries. `api` calls the service; `consumed` publishes an
 * event and resolves once streaks has applied it.
 */
export function streaksUnderTest(options: { env?: NodeJS.ProcessEnv; consumerRetry?: RetryOptions } = {}): {
  service: () => RunningService;
  api: () => ReturnType<typeof request>;
  consumed: ReturnType<typeof consumedBy>;
} {
  const service = serviceUnderTest(() =>
    startTestService(
      'streaks',
      AppModule.forConfig(loadStreaksConfig({ ...testServiceEnv(), ...options.env })),
      {
        consumes: true,
        consumerRetry: options.consumerRetry,
      },
    ),
  );
  return {
    service,
    api: () => request(service().url),
    consumed: consumedBy('streaks'),
  };
}
