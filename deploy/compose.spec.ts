import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

// docker-compose.yml's `app` profile: a demo that runs with NODE_ENV=production, so it must be marked as
// one, and its secrets are generated at first start rather than shipped in the file.
const ROOT = path.resolve(__dirname, '..');
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

interface ComposeService {
  profiles?: string[];
  image?: string;
  entrypoint?: string[];
  command?: string[];
  environment?: Record<string, string | number>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
}

const SECRET_NAME = /SECRET|PRIVATE_KEY|COOKIE_KEYS|PASSWORD/;
const GENERATOR = path.join(ROOT, 'scripts/compose/generate-secrets.mjs');
/** Daybreak's own processes (the app image), not the one-shot jobs or third-party images (Prometheus…). */
const appServices = Object.entries(compose.services).filter(
  ([name, service]) => service.image === 'daybreak-app:dev' && !['secrets', 'topics'].includes(name),
);

function generate(file: string): Record<string, string> {
  execFileSync(process.execPath, [GENERATOR, file]);
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
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

  it('generates every secret once, random, in a form the shell can source', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'compose-secrets-'));
    const first = generate(path.join(dir, 'a.env'));
    expect(Object.keys(first).sort()).toEqual([
      'DEV_IDP_COOKIE_KEYS',
      'OIDC_CLIENT_SECRET',
      'SERVICE_TOKEN_SECRET',
      'SESSION_SECRET',
      'VAPID_PRIVATE_KEY',
      'VAPID_PUBLIC_KEY',
    ]);
    for (const value of Object.values(first)) expect(value).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(generate(path.join(dir, 'a.env'))).toEqual(first); // kept on the next start
    expect(generate(path.join(dir, 'b.env')).SESSION_SECRET).not.toBe(first.SESSION_SECRET);
  });
});
