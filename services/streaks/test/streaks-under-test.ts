import { RunningService } from '@daybreak/messaging';
import {
  publishTestEvent,
  serviceUnderTest,
  startTestService,
  testServiceEnv,
  waitForConsumed,
} from '@daybreak/testing';
import { AppModule } from '../src/app.module';
import { loadStreaksConfig } from '../src/config';

/**
 * For a describe block: the streaks service with its consumers, against the real test infrastructure
 * (serviceUnderTest). `consumed` publishes an event and resolves once streaks has applied it.
 */
export function streaksUnderTest(): {
  service: () => RunningService;
  consumed: (event: Parameters<typeof publishTestEvent>[0]) => Promise<void>;
} {
  const service = serviceUnderTest(() =>
    startTestService('streaks', AppModule.forConfig(loadStreaksConfig(testServiceEnv())), { consumes: true }),
  );
  return {
    service,
    consumed: async (event) => {
      await waitForConsumed('streaks', (await publishTestEvent(event)).eventId);
    },
  };
}
