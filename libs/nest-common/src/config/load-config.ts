import { z } from 'zod';
import { KeyObject } from 'node:crypto';
import { identityPrivateKey, identityPublicKey } from '../identity/identity-token';
import { defaultSecretProblems } from './default-secrets';
import { internalLinkProblems, kafkaSecurityShape } from './internal-links';

/**
 * Validates environment variables once at boot. On failure it throws one error that names every
 * missing or invalid variable, so a misconfigured process stops before it serves anything. With
 * `NODE_ENV=production` it also refuses secrets that look like defaults (`default-secrets.ts`), and a
 * Redis or Kafka reached without credentials (`internal-links.ts`).
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
  /** Rules across variables (e.g. production's); each problem is reported with the others. */
  checks: (config: z.infer<S>) => string[] = () => [],
): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success)
    throw configurationError(
      result.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(root)';
        return env[name] === undefined ? `${name} is required` : `${name}: ${issue.message}`;
      }),
    );
  const config = result.data as Record<string, unknown>;
  const problems = [
    ...checks(result.data),
    ...internalLinkProblems(config),
    ...(config.NODE_ENV === 'production' ? defaultSecretProblems(config) : []),
  ];
  if (problems.length > 0) throw configurationError(problems);
  return result.data;
}

/** The boot error: one message that names every problem found. */
function configurationError(problems: string[]): Error {
  return new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
}

/** A key variable that must parse as the key `parse` makes (PEM, or base64 of PEM or DER). */
const identityKeySchema = (parse: (text: string) => KeyObject) =>
  z.string().superRefine((text, context) => {
    try {
      parse(text);
    } catch (error) {
      context.addIssue({ code: 'custom', message: `not a usable key (${(error as Error).message})` });
    }
  });

/** Environment variables every process shares, the gateway included. */
const processConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
});

/** Environment variables most services share. Compose with `.extend()` in a service's config.ts. */
export const baseConfigSchema = processConfigSchema.extend({
  /** The gateway's Ed25519 public key: verifies the identity token on every request, can't make one. */
  IDENTITY_PUBLIC_KEY: identityKeySchema(identityPublicKey),
});

/** The gateway's: it alone holds the private key that signs identity tokens for the services. */
export const gatewayBaseConfigSchema = processConfigSchema.extend({
  IDENTITY_PRIVATE_KEY: identityKeySchema(identityPrivateKey),
});

export const kafkaBrokersSchema = z
  .string()
  .min(1)
  .transform((value) => value.split(',').map((broker) => broker.trim()));

/** A TCP port; 0 asks the OS for any free one (tests). */
export const portSchema = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** Kafka settings of every service that publishes or consumes events: spread into its schema. */
export const kafkaConfigShape = {
  KAFKA_BROKERS: kafkaBrokersSchema,
  /** This deployment's topic prefix (e.g. `e2e.`), so stacks that share a broker stay apart. */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[a-z0-9._-]*$/, 'only lower-case letters, digits, dots, dashes and underscores')
    .default(''),
  /** Days a published outbox row is kept (libs/messaging MessagingRetention). */
  OUTBOX_RETENTION_DAYS: z.coerce.number().positive().default(7),
  /**
   * Days an inbox row is kept: more than the topics' retention.ms + segment.ms (Kafka's defaults:
   * 7 + 7 days), or a redelivered event could be applied twice (libs/messaging MessagingRetention).
   */
  INBOX_RETENTION_DAYS: z.coerce.number().positive().default(15),
  ...kafkaSecurityShape,
};

const timeoutSeconds = (fallback: number) => z.coerce.number().positive().max(3600).default(fallback);

/**
 * Postgres limits of every service with a database: spread into its schema, handed to
 * DatabaseModule.forService as `databaseTimeouts(config)` (@daybreak/database).
 */
export const databaseTimeoutsShape = {
  /** The longest a statement may run before Postgres cancels it (the request then answers 503). */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: timeoutSeconds(5),
  /** How long a transaction may sit idle before Postgres ends its session (and its locks). */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: timeoutSeconds(10),
  /** The longest wait for a connection: opening one, or a free one from a full pool. */
  DATABASE_CONNECT_TIMEOUT_SECONDS: timeoutSeconds(5),
};
