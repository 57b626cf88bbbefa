import { gatewayBaseConfigSchema, portSchema, loadConfig } from '@daybreak/nest-common';
import { z } from 'zod';
import { downstreamConfigShape } from './downstream/downstream-limits';
import { productionConfigProblems } from './security/production-config';

const url = z.url();

export const gatewayConfigSchema = gatewayBaseConfigSchema.extend({
  PORT: portSchema(8080),
  /**
   * The internal listener: `/metrics` and `/health/*` are served there and refused on PORT (for
   * Prometheus and the probes; never exposed). Required in production; unset, PORT serves them too.
   */
  INTERNAL_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Origin the browser sees (scheme://host:port). Login redirects and Origin checks use it. */
  PUBLIC_URL: url.default('http://127.0.0.1:8080'),
  REDIS_URL: url,
  OIDC_ISSUER_URL: url,
  OIDC_CLIENT_ID: z.string().min(1),
  OIDC_CLIENT_SECRET: z.string().min(1),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /**
   * The session cookie is Secure whenever PUBLIC_URL is https; `true` makes it Secure behind plain http
   * too, and production refuses `false` (see security/production-config.ts).
   */
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  /**
   * `true` marks a local demonstration (docker compose on http://localhost with the development
   * provider): production settings then allow plain http and a provider on this machine, and only
   * while PUBLIC_URL is on this machine too (refused otherwise).
   */
  DAYBREAK_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  POSTS_URL: url.default('http://127.0.0.1:3001'),
  SOCIAL_URL: url.default('http://127.0.0.1:3002'),
  STREAKS_URL: url.default('http://127.0.0.1:3003'),
  NOTIFICATIONS_URL: url.default('http://127.0.0.1:3004'),
  MEDIA_URL: url.default('http://127.0.0.1:3005'),
  /** Connections, queue and timeouts per service (downstream/downstream-limits.ts). */
  ...downstreamConfigShape,
  /** Further origins allowed to send state-changing requests (e.g. the Vite dev server). */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(url)),
  /**
   * Moderators by e-mail (issue 42), comma-separated, read at each sign-in; `npm run moderators`
   * grants and revokes more on a running system (auth/moderators.ts, ADR 0025).
   */
  DAYBREAK_MODERATORS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'DAYBREAK_MODERATORS must be e-mail addresses, comma-separated' }))),
  /**
   * Sign-ins a guest may start per minute from one address. The e2e stack raises it: its browser and
   * system tests sign in far more often than a person, all from 127.0.0.1.
   */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /**
   * Reads (every GET /api route without a rule of its own) a signed-in member may make per minute,
   * from all their tabs and devices: a person browsing fast makes a few dozen, a scraper thousands.
   */
  READ_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  /**
   * Reads per minute from one address by guests, who share it (IPv6: its /64). Higher than a
   * member's: the guests behind a NAT share it. The bench and e2e stacks raise both: their load and
   * tests read far faster than people, all from 127.0.0.1.
   */
  GUEST_READ_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /**
   * Which proxies' X-Forwarded-For the gateway believes (Fastify's `trustProxy`): the client address
   * rate limits count by. `loopback` (a proxy on this machine); behind an ingress, its addresses or
   * subnets, comma-separated (`10.0.0.0/8`). Never `true`: any client could then pick its address.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .refine((value) => value.trim() !== 'true', 'name the proxies to trust, not `true`'),
  /** Built SPA to serve on the same origin; unset in development, where Vite serves it. */
  SPA_DIR: z.string().optional(),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, env, productionConfigProblems);
}

/** The public origin (scheme://host:port) that absolute links in pages, sitemaps and previews use. */
export const publicOrigin = (config: GatewayConfig): string => new URL(config.PUBLIC_URL).origin;
