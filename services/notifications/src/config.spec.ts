import { consumesEvents, loadNotificationsConfig } from './config';

describe('notifications config: roles', () => {
  const env = {
    SERVICE_TOKEN_SECRET: 'x'.repeat(32),
    DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db',
    REDIS_URL: 'redis://127.0.0.1:6379',
    KAFKA_BROKERS: '127.0.0.1:9092',
  };

  it('runs everything by default, in the notifications-worker group', () => {
    const config = loadNotificationsConfig(env);
    expect(config.NOTIFICATIONS_ROLE).toBe('all');
    expect(config.KAFKA_GROUP_ID).toBe('notifications-worker');
    expect(consumesEvents(config)).toBe(true);
  });

  it('consumes in the worker role, not in the api role', () => {
    expect(consumesEvents(loadNotificationsConfig({ ...env, NOTIFICATIONS_ROLE: 'worker' }))).toBe(true);
    expect(consumesEvents(loadNotificationsConfig({ ...env, NOTIFICATIONS_ROLE: 'api' }))).toBe(false);
  });

  it('refuses an unknown role', () => {
    expect(() => loadNotificationsConfig({ ...env, NOTIFICATIONS_ROLE: 'both' })).toThrow();
  });
});
