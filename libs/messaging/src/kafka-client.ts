import { Logger } from '@nestjs/common';
import type { KafkaSecurity } from '@daybreak/nest-common';
import { Kafka, LogEntry, logLevel } from 'kafkajs';
import { stopIdleRequestChecks } from './kafkajs-idle-timer';

const nestLogger = new Logger('Kafka');

/** kafkajs logs through Nest's logger (and so through pino), warnings and above only. */
function logCreator() {
  return ({ level, log }: LogEntry) => {
    const { message, ...extra } = log;
    const line = `${message} ${extra.broker ? `(broker ${String(extra.broker)})` : ''}`.trim();
    if (level <= logLevel.ERROR) nestLogger.error(line);
    else if (level === logLevel.WARN) nestLogger.warn(line);
  };
}

/** A client of the brokers, over TLS and with SASL/SCRAM when `security` says so (production). */
export function createKafka(clientId: string, brokers: string[], security: KafkaSecurity = {}): Kafka {
  stopIdleRequestChecks();
  return new Kafka({
    clientId,
    brokers,
    ...security,
    logLevel: logLevel.WARN,
    logCreator,
    connectionTimeout: 3000,
    // Fail fast: callers (the relay, the consumer) have their own retry loops.
    retry: { retries: 3, initialRetryTime: 200, maxRetryTime: 2000 },
  });
}
