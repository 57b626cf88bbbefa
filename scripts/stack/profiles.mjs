// @ts-check
// Ways to run the whole product on one machine: `dev` for `npm start`, `e2e` for the browser and
// system tests, `outage` for the outbox outage test, `bench` for the benchmarks. They differ in ports, database, Redis db and consumer
// groups, so each can run while the others are up, without touching their data.
import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { INFRA_DIR, TOPIC_PREFIXES } from '../infra/config.mjs';
import { ZIPKIN_SPANS_URL } from '../infra/zipkin.mjs';

const SERVICE_NAMES = ['posts', 'social', 'streaks', 'notifications', 'media'];

/**
 * A web push (VAPID) key pair: P-256, base64url, the public key as the uncompressed point browsers
 * take as applicationServerKey (what web-push's generateVAPIDKeys makes).
 */
function vapidKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const { x = '', y = '' } = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')]);
  return {
    VAPID_PUBLIC_KEY: point.toString('base64url'),
    VAPID_PRIVATE_KEY: privateKey.export({ format: 'jwk' }).d ?? '',
  };
}

/**
 * The gateway's identity-token key pair (Ed25519, base64 DER, as libs/nest-common's
 * generateIdentityKeyPair makes): the gateway alone gets the private key, services the public one.
 */
function identityKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    IDENTITY_PRIVATE_KEY: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    IDENTITY_PUBLIC_KEY: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

/** Random secrets for one run: the test and bench stacks get new ones every time (docker compose, once). */
export function freshSecrets() {
  return {
    ...identityKeys(),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    OIDC_CLIENT_SECRET: randomBytes(24).toString('hex'),
    /** Each service's Postgres role password is derived from it (scripts/stack/stack.mjs). */
    DATABASE_ROLE_SECRET: randomBytes(32).toString('hex'),
    ...vapidKeys(),
  };
}

/**
 * Dev secrets are random per machine, made once and kept in the gitignored .infra folder. A file
 * from before a secret existed (e.g. the VAPID keys) gets the missing ones once; the others stay.
 */
function devSecrets() {
  const file = path.join(INFRA_DIR, 'dev-secrets.json');
  const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets = { ...freshSecrets(), ...kept };
  if (Object.keys(secrets).length > Object.keys(kept).length) {
    mkdirSync(INFRA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

/** Reads a minute for the test stacks, whose browsers and tests read far faster than a person. */
const TESTS_READ_LIMITS = { READ_RATE_LIMIT: '100000', GUEST_READ_RATE_LIMIT: '100000' };

const PROFILES = {
  dev: {
    portBase: 3000,
    gatewayPort: 8080,
    idpPort: 8090,
    database: 'daybreak',
    redisDb: 0,
    groupSuffix: '',
    secrets: devSecrets,
    zipkin: true,
    // `npm start` is a demonstration: the dev provider runs even where NODE_ENV=production is exported.
    idpEnv: { DAYBREAK_DEMO: 'true' },
    // The demo member dev@daybreak.local moderates (issue 42; README): /moderation is theirs to try.
    gatewayEnv: { DAYBREAK_MODERATORS: 'dev@daybreak.local' },
  },
  e2e: {
    portBase: 13000,
    gatewayPort: 18080,
    idpPort: 18090,
    database: 'daybreak_e2e_test',
    redisDb: 1,
    groupSuffix: '-e2e',
    secrets: freshSecrets,
    // The browser and system tests sign in many members a minute and read far faster than people, all
    // from 127.0.0.1: production's limits would fail them depending on their pace.
    // E2E_MODERATOR (e2e/support/identity.ts) moderates, as dev@daybreak.local does on `npm start`.
    gatewayEnv: {
      LOGIN_RATE_LIMIT: '1000',
      ...TESTS_READ_LIMITS,
      DAYBREAK_MODERATORS: 'moderator@e2e.daybreak.test',
    },
    // The reminder system test's fake push service (e2e/system/reminders) listens here.
    notificationsEnv: { PUSH_EXTRA_ORIGINS: 'http://127.0.0.1:13090' },
    // Traced, into a file the tracing system test reads (e2e/system/tracing); emptied at each start.
    tracesFile: path.join(INFRA_DIR, 'traces', 'e2e.jsonl'),
  },
  // For the tests that take a part down: posts and streaks for the outbox outage test (e2e/system/outbox),
  // on a broker of their own that the test stops and restarts, with their own database, so the e2e
  // stack's relay cannot deliver this stack's events through the shared broker; or a whole stack whose
  // processes a test stops and restarts (e2e/support/own-stack.ts).
  outage: {
    // Below 32768: ports in the kernel's ephemeral range (32768–60999) can be taken at any moment by
    // an outgoing connection's local end, and a server then fails to start with EADDRINUSE.
    portBase: 24000,
    gatewayPort: 29080,
    idpPort: 29090,
    database: 'daybreak_outage_test',
    redisDb: 3,
    groupSuffix: '-outage',
    secrets: freshSecrets,
    // The fault tests sign in a member per liker (e2e/system/rolling-restart), all from 127.0.0.1.
    gatewayEnv: { LOGIN_RATE_LIMIT: '1000', ...TESTS_READ_LIMITS },
  },
  bench: {
    portBase: 23000,
    gatewayPort: 28080,
    idpPort: 28090,
    database: 'daybreak_bench',
    redisDb: 2,
    groupSuffix: '-bench',
    secrets: freshSecrets,
    // The like bench signs in 1,000 members and a viewer within a minute, all from 127.0.0.1 (see
    // bench/run.mjs): at 1,000 the last one met the limit. The feed runs read about 20,000 pages a
    // second from 127.0.0.1, for minutes: reads are not what it measures the limits of.
    gatewayEnv: {
      LOGIN_RATE_LIMIT: '5000',
      READ_RATE_LIMIT: '100000000',
      GUEST_READ_RATE_LIMIT: '100000000',
    },
  },
};

/**
 * Where a profile's processes send their traces (libs/observability/src/register.ts): the e2e stack to
 * a file; `npm start` with DAYBREAK_ZIPKIN=1 to the local Zipkin (scripts/infra/zipkin.mjs); else
 * nowhere (tracing off).
 */
function tracingEnv(profile) {
  if (profile.tracesFile) return { TRACES_FILE: profile.tracesFile };
  if (profile.zipkin && process.env.DAYBREAK_ZIPKIN === '1')
    return { OTEL_TRACES_EXPORTER: 'zipkin', OTEL_EXPORTER_ZIPKIN_ENDPOINT: ZIPKIN_SPANS_URL };
  return {};
}

/**
 * The URL a service connects with: as its own Postgres role (`<database>_<service>`, libs/database's
 * serviceRoleName), which scripts/stack/stack.mjs makes before the services start. The password is
 * derived from the profile's secret and the service's name: each service knows its own and no other.
 */
function serviceDatabaseUrl(databaseUrl, service, roleSecret) {
  const url = new URL(databaseUrl);
  url.username = `${url.pathname.slice(1)}_${service}`;
  url.password = createHmac('sha256', roleSecret).update(service).digest('hex');
  return url.toString();
}

/**
 * Everything a profile's processes need: ports, URLs and the environment of each process.
 * `infraEnv` holds DATABASE_URL (any database; the profile picks its own), REDIS_URL, KAFKA_BROKERS.
 */
export function resolveProfile(name, infraEnv) {
  const profile = PROFILES[name];
  if (!profile) throw new Error(`Unknown stack profile "${name}" (${Object.keys(PROFILES).join(', ')})`);
  const secrets = profile.secrets();
  const publicUrl = `http://127.0.0.1:${profile.gatewayPort}`;
  const issuer = `http://127.0.0.1:${profile.idpPort}`;
  const databaseUrl = new URL(infraEnv.DATABASE_URL);
  databaseUrl.pathname = `/${profile.database}`;
  const redisUrl = new URL(infraEnv.REDIS_URL);
  redisUrl.pathname = `/${profile.redisDb}`;
  const servicePorts = Object.fromEntries(
    SERVICE_NAMES.map((service, i) => [service, profile.portBase + i + 1]),
  );
  const common = {
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl.toString(),
    KAFKA_BROKERS: infraEnv.KAFKA_BROKERS,
    KAFKA_TOPIC_PREFIX: TOPIC_PREFIXES[name],
    ...tracingEnv(profile),
  };
  const services = SERVICE_NAMES.map((service) => ({
    name: service,
    command: ['node', `services/${service}/dist/main.js`],
    env: {
      ...common,
      PORT: String(servicePorts[service]),
      DATABASE_URL: serviceDatabaseUrl(common.DATABASE_URL, service, secrets.DATABASE_ROLE_SECRET),
      IDENTITY_PUBLIC_KEY: secrets.IDENTITY_PUBLIC_KEY,
      KAFKA_GROUP_ID: `${service}${profile.groupSuffix}`,
      // Each profile keeps its uploaded photos apart, like its database.
      ...(service === 'media' ? { MEDIA_STORAGE_DIR: path.join(INFRA_DIR, 'media', name) } : {}),
      // Web push: this machine's (or this run's) VAPID key pair.
      ...(service === 'notifications'
        ? {
            VAPID_PUBLIC_KEY: secrets.VAPID_PUBLIC_KEY,
            VAPID_PRIVATE_KEY: secrets.VAPID_PRIVATE_KEY,
            VAPID_SUBJECT: 'mailto:dev@daybreak.local',
            ...profile.notificationsEnv,
          }
        : {}),
    },
    readyUrl: `http://127.0.0.1:${servicePorts[service]}/health/ready`,
  }));
  const serviceUrls = Object.fromEntries(
    SERVICE_NAMES.map((service) => [
      `${service.toUpperCase()}_URL`,
      `http://127.0.0.1:${servicePorts[service]}`,
    ]),
  );
  return {
    name,
    publicUrl,
    issuer,
    databaseName: profile.database,
    tracesFile: profile.tracesFile,
    env: common,
    idp: {
      name: 'dev-idp',
      command: ['node', 'scripts/dev-idp/server.mjs'],
      env: {
        DEV_IDP_PORT: String(profile.idpPort),
        DEV_IDP_ISSUER: issuer,
        OIDC_CLIENT_ID: 'daybreak-gateway',
        OIDC_CLIENT_SECRET: secrets.OIDC_CLIENT_SECRET,
        OIDC_REDIRECT_URIS: `${publicUrl}/api/callback`,
        OIDC_POST_LOGOUT_REDIRECT_URIS: `${publicUrl}/`,
        ...profile.idpEnv,
      },
      readyUrl: `${issuer}/.well-known/openid-configuration`,
    },
    services,
    gateway: {
      name: 'gateway',
      command: ['node', 'services/gateway/dist/main.js'],
      /** @type {Record<string, string>} */
      env: {
        ...common,
        ...serviceUrls,
        PORT: String(profile.gatewayPort),
        PUBLIC_URL: publicUrl,
        OIDC_ISSUER_URL: issuer,
        OIDC_CLIENT_ID: 'daybreak-gateway',
        OIDC_CLIENT_SECRET: secrets.OIDC_CLIENT_SECRET,
        SESSION_SECRET: secrets.SESSION_SECRET,
        IDENTITY_PRIVATE_KEY: secrets.IDENTITY_PRIVATE_KEY,
        SPA_DIR: 'frontend/dist',
        ...profile.gatewayEnv,
      },
      readyUrl: `${publicUrl}/health/ready`,
    },
  };
}
