import {
  Controller,
  DynamicModule,
  Get,
  HttpCode,
  Inject,
  Module,
  Provider,
  ServiceUnavailableException,
  Type,
} from '@nestjs/common';
import { PublicRoute } from '../identity/identity.guard';

/** Something a service needs in order to do its work (a database, Redis, Kafka). */
export interface HealthIndicator {
  readonly name: string;
  /**
   * Whether the process cannot serve without it (the default). One it can serve without (Kafka:
   * writes wait in the outbox) shows in `/health/ready` but does not fail it: an orchestrator that
   * took every replica out of service whenever the broker blips would turn a blip into an outage.
   */
  readonly required?: boolean;
  /** Resolves when healthy; rejects with the reason otherwise. */
  check(): Promise<void>;
}

const INDICATORS = Symbol('HEALTH_INDICATORS');
const CHECK_TIMEOUT_MS = 2000;

async function runCheck(indicator: HealthIndicator): Promise<[string, string]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([indicator.check(), timeout]);
    return [indicator.name, 'up'];
  } catch (error) {
    return [indicator.name, `down: ${(error as Error).message}`];
  } finally {
    clearTimeout(timer);
  }
}

@Controller('health')
@PublicRoute()
class HealthController {
  constructor(@Inject(INDICATORS) private readonly indicators: HealthIndicator[]) {}

  /** The process is up (a liveness probe restarts it otherwise): never asks a dependency. */
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /** The dependencies it cannot serve without answer: the process can take traffic. */
  @Get('ready')
  @HttpCode(200)
  async ready() {
    const checked = await Promise.all(this.indicators.map(runCheck));
    const results = Object.fromEntries(checked);
    const ok = checked.every(([, status], i) => status === 'up' || this.indicators[i].required === false);
    if (!ok) throw new ServiceUnavailableException({ message: 'Not ready', checks: results });
    return { status: 'ok', checks: results };
  }
}

@Module({})
export class HealthModule {
  static forIndicators(indicators: Type<HealthIndicator>[]): DynamicModule {
    const provider: Provider = {
      provide: INDICATORS,
      useFactory: (...instances: HealthIndicator[]) => instances,
      inject: indicators,
    };
    return { module: HealthModule, controllers: [HealthController], providers: [provider] };
  }
}
