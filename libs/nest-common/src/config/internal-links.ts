import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * How a process reaches Kafka beyond the brokers' addresses: TLS and SASL/SCRAM, as kafkajs takes
 * them (`new Kafka({ brokers, ...security })`). Spread into a service's schema with kafkaConfigShape.
 */
export const kafkaSecurityShape = {
  /** `true`: TLS to the brokers (Node's trusted CAs, plus KAFKA_SSL_CA_FILE's). */
  KAFKA_SSL: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** A PEM file of the CA that signed the brokers' certificates, when it is a private one. */
  KAFKA_SSL_CA_FILE: z.string().min(1).optional(),
  /** SASL/SCRAM: the brokers check the client's password without it crossing the wire. */
  KAFKA_SASL_MECHANISM: z.enum(['scram-sha-256', 'scram-sha-512']).optional(),
  KAFKA_SASL_USERNAME: z.string().min(1).optional(),
  KAFKA_SASL_PASSWORD: z.string().min(1).optional(),
};

/** What `kafkaSecurityShape` parses to. */
export interface KafkaSecurityConfig {
  KAFKA_SSL?: boolean;
  KAFKA_SSL_CA_FILE?: string;
  KAFKA_SASL_MECHANISM?: 'scram-sha-256' | 'scram-sha-512';
  KAFKA_SASL_USERNAME?: string;
  KAFKA_SASL_PASSWORD?: string;
}

interface ScramOptions<M extends string> {
  mechanism: M;
  username: string;
  password: string;
}

/** kafkajs' `ssl` and `sasl` options (structurally; this library does not depend on kafkajs). */
export interface KafkaSecurity {
  ssl?: boolean | { ca: string[] };
  sasl?: ScramOptions<'scram-sha-256'> | ScramOptions<'scram-sha-512'>;
}

/** The kafkajs options for a validated config (`{}`: plaintext, no authentication, as in development). */
export function kafkaSecurityOf(config: KafkaSecurityConfig): KafkaSecurity {
  const security: KafkaSecurity = {};
  if (config.KAFKA_SSL)
    security.ssl = config.KAFKA_SSL_CA_FILE ? { ca: [readFileSync(config.KAFKA_SSL_CA_FILE, 'utf8')] } : true;
  if (config.KAFKA_SASL_MECHANISM && config.KAFKA_SASL_USERNAME && config.KAFKA_SASL_PASSWORD)
    security.sasl = {
      mechanism: config.KAFKA_SASL_MECHANISM,
      username: config.KAFKA_SASL_USERNAME,
      password: config.KAFKA_SASL_PASSWORD,
    };
  return security;
}

/**
 * Problems with how a process reaches Redis and Kafka. Anywhere: SASL settings come complete or not
 * at all, and a CA file needs TLS. In production: Redis must ask for a password and Kafka for SASL,
 * so a process on the internal network that has neither can't read sessions or publish events.
 */
export function internalLinkProblems(config: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const sasl = ['KAFKA_SASL_MECHANISM', 'KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'];
  const saslSet = sasl.filter((name) => config[name] !== undefined);
  if (saslSet.length > 0 && saslSet.length < sasl.length)
    problems.push(
      `${sasl.join(', ')} go together (missing ${sasl.filter((name) => !saslSet.includes(name)).join(', ')})`,
    );
  if (config.KAFKA_SSL_CA_FILE !== undefined && config.KAFKA_SSL !== true)
    problems.push('KAFKA_SSL_CA_FILE needs KAFKA_SSL=true');
  if (config.NODE_ENV !== 'production') return problems;
  if (typeof config.REDIS_URL === 'string' && !redisPassword(config.REDIS_URL))
    problems.push(
      'REDIS_URL has no password: production Redis must require one (redis://<user>:<password>@host:6379, or rediss:// with TLS)',
    );
  if (config.KAFKA_BROKERS !== undefined && saslSet.length === 0)
    problems.push(
      'KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD are required in production: the brokers must authenticate every client (SASL/SCRAM, with KAFKA_SSL=true)',
    );
  return problems;
}

function redisPassword(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}
