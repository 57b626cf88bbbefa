import { LoggerService } from '@nestjs/common';
import { activeTraceIds } from '@daybreak/observability';
import pino, { Logger } from 'pino';
import { currentContext } from './request-context';

export function createPinoLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service },
    // Every line carries the correlation id of the request or event being handled and, when tracing
    // is on, the trace and span ids that lead to its trace.
    mixin: () => {
      const context = currentContext();
      return {
        ...(context ? { correlationId: context.correlationId, userId: context.userId ?? undefined } : {}),
        ...activeTraceIds(),
      };
    },
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
  });
}

/** Adapts pino to Nest's LoggerService so framework and application logs share one format. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    if (message instanceof Error) this.logger.error({ context, err: message }, message.message);
    else this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
