import { RunningService } from '@daybreak/messaging';
import {
  disconnectTestProducer,
  publishTestEvent,
  startTestService,
  testServiceEnv,
  waitForConsumed,
} from '@daybreak/testing';
import { AppModule } from '../src/app.module';
import { loadStreaksConfig } from '../src/config';

/**
 * For a describe block: the streaks service with its consumers, against the real test infrastructure,
 * started before its tests and stopped (with the shared test producer) after them. `consumed`
 * publishes an event and resolves once streaks has applied it.
 */
export function streaksUnderTest(): {
  service: () => RunningService;
  consumed: (event: Parameters<typeof publishTestEvent>[0]) => Promise<void>;
} {
  let running: RunningService | undefined;
  beforeAll(async () => {
    running = await startTestService('streaks', AppModule.forConfig(loadStreaksConfig(testServiceEnv())), {
      consumes: true,
    });
  });
  afterAll(async () => {
    await disconnectTestProducer();
    await running?.app.close();
  });
  return {
    service: () => {
      if (!running) throw new Error('streaks has not started: call service() inside a test');
      return running;
    },
    consumed: async (event) => {
      await waitForConsumed('streaks', (await publishTestEvent(event)).eventId);
    },
  };
}
