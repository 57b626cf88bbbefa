import { z } from 'zod';
import { defaultSecretProblems } from './default-secrets';

/**
 * Validates environment variables once at boot. On failure it throws one error that names every
 * missing or invalid variable, so a misconfigured process stops before it serves anything. With
 * `NODE_ENV=production` it also refuses secrets that look like defaults (`default-secrets.ts`).
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
    ...(config.NODE_ENV === 'production' ? defaultSecretProblems(config) : []),
  ];
  if (problems.length > 0) throw configurationError(problems);
  return result.data;
}

/** The boot error: one message that names every problem found. */
function configurationError(problems: string[]): Error {
  return new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
}

/** Environment variables most services share. Compose with `.extend()` in a service's config.ts. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  /** Shared with the gateway: verifies the short-lived identity token on every request. */
  SERVICE_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters'),
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
};
