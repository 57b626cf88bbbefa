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

function generate(sharedFile: string, gatewayFile: string) {
  execFileSync(process.execPath, [GENERATOR, sharedFile, gatewayFile]);
  return { shared: readEnv(sharedFile), gateway: readEnv(gatewayFile) };
}

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

  it.each(appServices)('%s loads the generated secrets and is marked as a demo', (_name, service) => {
    expect(service.entrypoint?.join(' ')).toContain('. /run/daybreak/secrets.env');
    expect(service.volumes).toContain('secrets:/run/daybreak:ro');
    expect(service.depends_on?.secrets).toEqual({ condition: 'service_completed_successfully' });
    expect(service.environment).toMatchObject({ NODE_ENV: 'production', DAYBREAK_DEMO: 'true' });
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
    const first = generate(path.join(dir, 'a.env'), path.join(dir, 'a-gateway.env'));
    expect(Object.keys(first.shared).sort()).toEqual([
      'DEV_IDP_COOKIE_KEYS',
      'IDENTITY_PUBLIC_KEY',
      'OIDC_CLIENT_SECRET',
      'SESSION_SECRET',
      'VAPID_PRIVATE_KEY',
      'VAPID_PUBLIC_KEY',
    ]);
    expect(Object.keys(first.gateway)).toEqual(['IDENTITY_PRIVATE_KEY']);
    for (const value of [...Object.values(first.shared), ...Object.values(first.gateway)])
      expect(value).toMatch(/^[A-Za-z0-9_+/=-]{32,}$/);
    // kept on the next start
    expect(generate(path.join(dir, 'a.env'), path.join(dir, 'a-gateway.env'))).toEqual(first);
    const second = generate(path.join(dir, 'b.env'), path.join(dir, 'b-gateway.env'));
    expect(second.shared.SESSION_SECRET).not.toBe(first.shared.SESSION_SECRET);
    expect(second.gateway.IDENTITY_PRIVATE_KEY).not.toBe(first.gateway.IDENTITY_PRIVATE_KEY);
  });

  it('gives the identity private key to the gateway alone, and the key pair matches', () => {
    for (const [name, service] of appServices) {
      const mountsGatewaySecrets = (service.volumes ?? []).some((volume) =>
        volume.startsWith('gateway-secrets:'),
      );
      expect(`${name}: ${mountsGatewaySecrets}`).toBe(`${name}: ${name === 'gateway'}`);
    }
    expect(compose.services.gateway?.entrypoint?.join(' ')).toContain('. /run/daybreak-gateway/gateway.env');
    const dir = newSecretsDir();
    const { shared, gateway } = generate(path.join(dir, 'c.env'), path.join(dir, 'c-gateway.env'));
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
