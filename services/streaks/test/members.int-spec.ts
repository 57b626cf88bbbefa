import { randomUUID } from 'node:crypto';
import { RunningService } from '@daybreak/messaging';
import {
  disconnectTestProducer,
  fakeEvent,
  publishTestEvent,
  queryTestDatabase,
  startTestService,
  testServiceEnv,
  waitForConsumed,
} from '@daybreak/testing';
import { AppModule } from '../src/app.module';
import { loadStreaksConfig } from '../src/config';

describe('streaks: the member read model (real Postgres and Kafka)', () => {
  let service: RunningService;

  beforeAll(async () => {
    service = await startTestService('streaks', AppModule.forConfig(loadStreaksConfig(testServiceEnv())), {
      consumes: true,
    });
  });
  afterAll(async () => {
    await disconnectTestProducer();
    await service?.app.close();
  });

  it('keeps the newest snapshot: an older one arriving after it changes neither names nor zone', async () => {
    const ben = randomUUID();
    const snapshot = (profileName: string, timezone: string, occurredAt: string) =>
      fakeEvent('user.updated', { userId: ben, firstName: 'Ben', profileName, timezone }, { occurredAt });
    await publishTestEvent(snapshot('new', 'Asia/Tokyo', '2026-01-02T00:00:00.000Z'));
    await publishTestEvent(snapshot('old', 'Europe/Paris', '2026-01-01T00:00:00.000Z'));
    // Same key, so same partition: once the marker is consumed, everything before it was too.
    const marker = await publishTestEvent(snapshot('marker', 'UTC', '2025-01-01T00:00:00.000Z'));

    await waitForConsumed('streaks', marker.eventId);
    const [member] = await queryTestDatabase<{ profile_name: string; timezone: string }>(
      `SELECT profile_name, timezone FROM streaks.members WHERE user_id = $1`,
      [ben],
    );
    expect(member).toEqual({ profile_name: 'new', timezone: 'Asia/Tokyo' });
  });
});
