import { execFileSync } from 'node:child_process';
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

// docker-compose.yml's `app` profile: a demo that runs with NODE_ENV=production, so it must be marked as
// one, and its secrets are generated at first start rather than shipped in the file.
const ROOT = path.resolve(__dirname, '..');

/** Where the secrets tests write, removed after them. */
const secretsDirs: string[] = [];
const newSecretsDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'compose-secrets-'));
  secretsDirs.push(dir);
  return dir;
};
afterAll(() => secretsDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

interface ComposeService {
  profiles?: string[];
  build?: string | { context: string; target?: string };
  image?: string;
  entrypoint?: string[];
  command?: string[];
  environment?: Record<string, string | number>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
}

const SECRET_NAME = /SECRET|PRIVATE_KEY|COOKIE_KEYS|PASSWORD/;
const GENERATOR = path.join(ROOT, 'scripts/compose/generate-secrets.mjs');
/** The generator as the `secrets` job runs it, in the image. */
const GENERATOR_IN_IMAGE = 'scripts/compose/generate-secrets.mjs';
/** Daybreak's own processes (the app image), not the one-shot jobs or third-party images (Prometheus…). */
const appServices = Object.entries(compose.services).filter(
  ([name, service]) =>
    ['daybreak-app:dev', 'daybreak-dev-idp:dev'].includes(service.image ?? '') &&
    !['secrets', 'topics'].includes(name),
);

const readEnv = (file: string): Record<string, string> =>
  Object.fromEntries(
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

/** The generator's files, by the folder each is mounted on in the containers. */
const SECRET_FILES = {
  '/run/daybreak': 'secrets.env',
  '/run/daybreak-gateway': 'gateway.env',
  '/run/daybreak-push': 'push.env',
  '/run/daybreak-idp': 'idp.env',
} as const;
type SecretFolder = keyof typeof SECRET_FILES;

/** Runs the `secrets` job's generator into `dir`; each file's variables, by the folder it is mounted on. */
function generate(dir: string): Record<SecretFolder, Record<string, string>> {
  const files = Object.values(SECRET_FILES).map((file) => path.join(dir, file));
  execFileSync(process.execPath, [GENERATOR, ...files]);
  return Object.fromEntries(
    Object.entries(SECRET_FILES).map(([folder, file]) => [folder, readEnv(path.join(dir, file))]),
  ) as Record<SecretFolder, Record<string, string>>;
}

/** The secret files a container's entrypoint loads (`. /run/…/x.env`), as the folders they sit in. */
const sourcedFolders = (service: ComposeService): string[] =>
  [...(service.entrypoint?.join(' ') ?? '').matchAll(/\. (\/run\/[\w-]+)\/[\w-]+\.env/g)].map(
    (match) => match[1]!,
  );
/** The secret volumes a container mounts, as the folders they are mounted on. */
const mountedSecretFolders = (service: ComposeService): string[] =>
  (service.volumes ?? [])
    .map((volume) => volume.split(':'))
    .filter(([source]) => source!.endsWith('secrets'))
    .map(([, target]) => target!);

describe('docker compose (app profile)', () => {
  // The infrastructure (postgres, redis, kafka) is the local development one, on 127.0.0.1 only, with
  // the same fixed credentials as scripts/infra; the application's own secrets are never written here.
  it('ships no application secret values', () => {
    for (const [name, service] of Object.entries(compose.services).filter(([, s]) =>
      s.profiles?.includes('app'),
    ))
      for (const variable of Object.keys(service.environment ?? {}))
        expect(`${name}: ${variable}`).not.toMatch(SECRET_NAME);
  });

  it.each(appServices)('%s waits for the generated secrets and is marked as a demo', (_name, service) => {
    expect(sourcedFolders(service).length).toBeGreaterThan(0);
    expect(service.depends_on?.secrets).toEqual({ condition: 'service_completed_successfully' });
    expect(service.environment).toMatchObject({ NODE_ENV: 'production', DAYBREAK_DEMO: 'true' });
  });

  it('gives each container the secrets it needs and no other', () => {
    const generated = generate(newSecretsDir());
    const secretsOf = (service: ComposeService) =>
      sourcedFolders(service)
        .flatMap((folder) => Object.keys(generated[folder as SecretFolder] ?? {}))
        .sort();
    const SERVICE = ['IDENTITY_PUBLIC_KEY', 'KAFKA_SASL_PASSWORD'];
    const expected: Record<string, string[]> = {
      gateway: ['IDENTITY_PRIVATE_KEY', 'OIDC_CLIENT_SECRET', 'SESSION_SECRET'],
      'dev-idp': ['DEV_IDP_COOKIE_KEYS', 'OIDC_CLIENT_SECRET'],
      posts: SERVICE,
      social: SERVICE,
      streaks: SERVICE,
      media: SERVICE,
      'notifications-api': [...SERVICE, 'VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY'],
      'notifications-worker': [...SERVICE, 'VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY'],
      topics: SERVICE,
      'kafka-users': SERVICE,
    };
    const withSecrets = Object.entries(compose.services).filter(
      ([, service]) =>
        mountedSecretFolders(service).length > 0 && service.command?.[1] !== GENERATOR_IN_IMAGE,
    );
    expect(Object.fromEntries(withSecrets.map(([name, service]) => [name, secretsOf(service)]))).toEqual(
      Object.fromEntries(Object.entries(expected).map(([name, secrets]) => [name, [...secrets].sort()])),
    );
    // What a container mounts, it could read: it mounts the folders of the files it loads, no more.
    for (const [name, service] of withSecrets)
      expect(`${name}: ${mountedSecretFolders(service).sort().join(', ')}`).toBe(
        `${name}: ${sourcedFolders(service).sort().join(', ')}`,
      );
  });

  it('runs the development identity provider from its own image, never from the production one', () => {
    expect(compose.services['dev-idp']).toMatchObject({
      build: { context: '.', target: 'dev-idp' },
      image: 'daybreak-dev-idp:dev',
    });
    for (const [name, service] of appServices.filter(([name]) => name !== 'dev-idp')) {
      expect(`${name}: ${JSON.stringify(service.build)}`).toBe(`${name}: "."`); // the default target, runtime
      expect(`${name}: ${String(service.command)}`).not.toContain('dev-idp');
    }
  });

  it('generates every secret once, random, in a form the shell can source', () => {
    const dir = newSecretsDir();
    const first = generate(dir);
    for (const value of Object.values(first).flatMap((file) => Object.values(file)))
      expect(value).toMatch(/^[A-Za-z0-9_+/=-]{32,}$/);
    // The provider and the gateway share the OIDC client's secret.
    expect(first['/run/daybreak-idp'].OIDC_CLIENT_SECRET).toBe(
      first['/run/daybreak-gateway'].OIDC_CLIENT_SECRET,
    );
    // kept on the next start
    expect(generate(dir)).toEqual(first);
    const second = generate(newSecretsDir());
    expect(second['/run/daybreak-gateway'].SESSION_SECRET).not.toBe(
      first['/run/daybreak-gateway'].SESSION_SECRET,
    );
    expect(second['/run/daybreak'].KAFKA_SASL_PASSWORD).not.toBe(first['/run/daybreak'].KAFKA_SASL_PASSWORD);
  });

  it('has Redis ask the application for a password, and only the containers that use Redis get it', () => {
    const users = compose.services.redis!.command!.join(' ');
    const withRedis = appServices.filter(([, service]) => service.environment?.REDIS_URL !== undefined);
    expect(withRedis.map(([name]) => name)).toEqual([
      'gateway',
      'posts',
      'notifications-api',
      'notifications-worker',
    ]);
    for (const [, service] of withRedis) {
      const url = new URL(String(service.environment!.REDIS_URL));
      expect(url.password).not.toBe('');
      expect(users).toContain(`--user ${url.username} on >${url.password} ~* &* +@all`);
    }
  });

  it('has Kafka authenticate every container with SASL/SCRAM, on the listener containers use', () => {
    const broker = compose.services.kafka!.environment!;
    expect(broker.KAFKA_LISTENER_SECURITY_PROTOCOL_MAP).toContain('DOCKER:SASL_PLAINTEXT');
    expect(broker.KAFKA_SASL_ENABLED_MECHANISMS).toBe('SCRAM-SHA-512');
    const withKafka = Object.entries(compose.services).filter(
      ([, service]) => service.environment?.KAFKA_BROKERS,
    );
    expect(withKafka.map(([name]) => name).sort()).toEqual(
      ['media', 'notifications-api', 'notifications-worker', 'posts', 'social', 'streaks', 'topics'].sort(),
    );
    const register = compose.services['kafka-users']!.entrypoint!.join(' ');
    for (const [name, service] of withKafka) {
      expect(`${name}: ${service.environment!.KAFKA_BROKERS}`).toBe(`${name}: kafka:19092`); // the DOCKER listener
      expect(service.environment).toMatchObject({ KAFKA_SASL_MECHANISM: 'scram-sha-512' });
      expect(register).toContain(`--entity-name ${service.environment!.KAFKA_SASL_USERNAME}`);
      expect(service.depends_on?.['kafka-users']).toEqual({ condition: 'service_completed_successfully' });
    }
    expect(register).toContain(
      '--add-config "SCRAM-SHA-512=[iterations=8192,password=$$KAFKA_SASL_PASSWORD]"',
    );
  });

  it('gives the identity private key to the gateway alone, and the key pair matches', () => {
    for (const [name, service] of appServices) {
      const mountsGatewaySecrets = (service.volumes ?? []).some((volume) =>
        volume.startsWith('gateway-secrets:'),
      );
      expect(`${name}: ${mountsGatewaySecrets}`).toBe(`${name}: ${name === 'gateway'}`);
    }
    expect(compose.services.gateway?.entrypoint?.join(' ')).toContain('. /run/daybreak-gateway/gateway.env');
    const generated = generate(newSecretsDir());
    const [shared, gateway] = [generated['/run/daybreak'], generated['/run/daybreak-gateway']];
    // What the gateway signs, a service verifies: the two halves of one Ed25519 pair (base64 DER).
    const privateKey = createPrivateKey({
      key: Buffer.from(gateway.IDENTITY_PRIVATE_KEY!, 'base64'),
      format: 'der',
      type: 'pkcs8',
    });
    const publicKey = createPublicKey({
      key: Buffer.from(shared.IDENTITY_PUBLIC_KEY!, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(publicKey.asymmetricKeyType).toBe('ed25519');
    const data = Buffer.from('a token');
    expect(verify(null, data, publicKey, sign(null, data, privateKey))).toBe(true);
  });

  it("scrapes the gateway's metrics on its internal port, which is published nowhere", () => {
    const gateway = compose.services.gateway!;
    const internalPort = String(gateway.environment?.INTERNAL_PORT);
    expect(internalPort).toMatch(/^\d+$/);
    expect(String(gateway.ports)).not.toContain(internalPort);
    const prometheus = parse(
      readFileSync(path.join(ROOT, 'deploy/prometheus/prometheus.docker.yml'), 'utf8'),
    ) as {
      scrape_configs: { job_name: string; static_configs: { targets: string[] }[] }[];
    };
    const job = prometheus.scrape_configs.find((config) => config.job_name === 'gateway');
    expect(job?.static_configs[0]?.targets).toEqual([`gateway:${internalPort}`]);
  });

  it('connects each service to Postgres as its own role, which the first start makes', () => {
    const roles = readFileSync(path.join(ROOT, 'scripts/infra/docker/postgres-roles.sql'), 'utf8');
    for (const [name, service] of appServices.filter(([name]) => !['gateway', 'dev-idp'].includes(name))) {
      const schema = name.replace(/-(api|worker)$/, '');
      const url = new URL(String(service.environment?.DATABASE_URL));
      expect(`${name}: ${url.username}`).toBe(`${name}: daybreak_${schema}`);
      expect(roles).toContain(`'${schema}'`);
    }
    expect(compose.services.postgres?.volumes).toContain(
      './scripts/infra/docker/postgres-roles.sql:/docker-entrypoint-initdb.d/20-daybreak-roles.sql:ro',
    );
  });
});
