import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import type { HealthIndicator } from '@daybreak/nest-common';
import Redis from 'ioredis';

export const REDIS = Symbol('REDIS');

/** Inject the shared client: `@InjectRedis() private readonly redis: Redis`. */
export const InjectRedis = () => Inject(REDIS);

@Injectable()
export class RedisHealthIndicator implements HealthIndicator, OnApplicationShutdown {
  readonly name = 'redis';
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async check(): Promise<void> {
    await this.redis.ping();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

@Global()
@Module({})
export class RedisModule {
  static forRoot(url: string): DynamicModule {
    return {
      module: RedisModule,
      providers: [
        // Fail commands fast while Redis is away instead of queueing them for ever.
        {
          provide: REDIS,
          useFactory: () => new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true }),
        },
        RedisHealthIndicator,
      ],
      exports: [REDIS, RedisHealthIndicator],
    };
  }
}
