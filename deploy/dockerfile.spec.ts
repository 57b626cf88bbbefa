import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

// The repository's Dockerfile, read as text (no Docker engine here): the production image holds what
// runs and nothing else. Its runtime workspaces' production dependencies are walked in the lockfile,
// as `npm ci --omit=dev` installs them.
const ROOT = path.resolve(__dirname, '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

interface Stage {
  name: string;
  from: string;
  /** The stage's instructions, continuation lines joined, comments left out. */
  instructions: string[];
}

const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
const instructions = dockerfile
  .replace(/\s*\\\n\s*/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

/** Global ARGs (before the first FROM) with their default values. */
const globalArgs = Object.fromEntries(
  instructions
    .slice(
      0,
      instructions.findIndex((line) => line.startsWith('FROM ')),
    )
    .map((line) => /^ARG (\w+)="?([^"]*)"?$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => [match[1]!, match[2]!]),
);

const stages: Stage[] = [];
for (const line of instructions) {
  const from = /^FROM (\S+) AS (\S+)$/.exec(line);
  if (from) stages.push({ from: from[1]!, name: from[2]!, instructions: [] });
  else stages.at(-1)?.instructions.push(line);
}
const stage = (name: string) => stages.find((candidate) => candidate.name === name)!;

const RUNTIME_WORKSPACES = globalArgs.RUNTIME_WORKSPACES!.split(/\s+/);

/** The workspaces a service needs, through @daybreak/* dependencies (not devDependencies). */
function runtimeClosure(): string[] {
  const lock = readJson('package-lock.json');
  const services = readdirSync(path.join(ROOT, 'services')).map((name) => `services/${name}`);
  const found = new Set<string>();
  const visit = (workspace: string) => {
    if (found.has(workspace)) return;
    found.add(workspace);
    for (const dependency of Object.keys(lock.packages[workspace].dependencies ?? {}))
      if (dependency.startsWith('@daybreak/'))
        visit(lock.packages[`node_modules/${dependency}`].resolved as string);
  };
  services.forEach(visit);
  return [...found].sort();
}

/** Every package `npm ci --omit=dev` installs for these workspaces: their dependencies, transitively. */
function productionPackages(workspaces: string[]): Set<string> {
  const { packages } = readJson('package-lock.json') as {
    packages: Record<
      string,
      {
        dependencies?: Record<string, string>;
        optionalDependencies?: Record<string, string>;
        peerDependencies?: Record<string, string>;
        link?: boolean;
        resolved?: string;
      }
    >;
  };
  /** Where node resolves `name` from the package at `location`: the nearest node_modules up the tree. */
  const resolve = (location: string, name: string): string | undefined => {
    for (
      let dir = location;
      ;
      dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : ''
    ) {
      const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (dir === '') return undefined;
    }
  };
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (location: string) => {
    if (seen.has(location)) return;
    seen.add(location);
    const entry = packages[location]!;
    if (entry.link) return visit(entry.resolved!);
    for (const name of Object.keys({
      ...entry.dependencies,
      ...entry.optionalDependencies,
      ...entry.peerDependencies,
    })) {
      const found = resolve(location, name);
      if (found) {
        names.add(name);
        visit(found);
      }
    }
  };
  workspaces.forEach(visit);
  return names;
}

describe('the production image (Dockerfile)', () => {
  it('is the default target, on Node 22 (LTS), run as the unprivileged node user', () => {
    expect(stages.at(-1)?.name).toBe('runtime');
    expect(globalArgs.NODE_IMAGE).toMatch(/^node:22[-.]/);
    expect(stages.every((each) => each.from === '${NODE_IMAGE}')).toBe(true);
    expect(stage('runtime').instructions).toContain('USER node');
  });

  it('builds the workspaces that the services need, and only those', () => {
    expect([...RUNTIME_WORKSPACES].sort()).toEqual(runtimeClosure());
    expect(RUNTIME_WORKSPACES).not.toContain('libs/testing');
  });

  it('installs their production dependencies alone, without the workspaces’ devDependencies', () => {
    const install = stage('production-dependencies').instructions.find((line) => line.includes('npm ci'))!;
    expect(install).toContain('npm pkg delete devDependencies --workspaces');
    expect(install).toContain('npm ci --omit=dev');
    expect(install).toContain('--workspace=${workspace}');
    const installed = productionPackages(RUNTIME_WORKSPACES);
    expect(installed).toContain('kafkajs'); // the walk is real
    for (const devOnly of [
      'testcontainers',
      'autocannon',
      'jsonwebtoken',
      'oidc-provider',
      'jest',
      'vite',
      '@playwright/test',
      'lighthouse',
      'typescript',
    ])
      expect(`${devOnly}: ${installed.has(devOnly)}`).toBe(`${devOnly}: false`);
  });

  it('copies into the runtime what runs: dependencies, built code, the SPA and the compose jobs’ scripts', () => {
    const copies = stage('runtime').instructions.filter((line) => line.startsWith('COPY'));
    expect(copies).toEqual([
      'COPY --from=production-dependencies --chown=node:node /app ./',
      'COPY --from=build --chown=node:node /out ./',
      'COPY --chown=node:node scripts/compose scripts/compose',
      'COPY --chown=node:node scripts/infra scripts/infra',
      'COPY --chown=node:node scripts/stack scripts/stack',
    ]);
    // /out: each runtime workspace's dist/, the built SPA and the topics list, nothing else.
    const gather = stage('build').instructions.find((line) => line.includes('/out'))!;
    expect(gather).toContain('cp -R "${workspace}/dist" "/out/${workspace}/dist"');
    expect(gather.match(/\/out\/\S+/g)).toEqual([
      '/out/${workspace}"',
      '/out/${workspace}/dist";',
      '/out/frontend',
      '/out/libs/contracts',
      '/out/frontend/dist',
      '/out/libs/contracts/topics.json',
    ]);
    // The manifests of bench, e2e, the SPA's sources, the dev provider and the test library go too.
    const install = stage('production-dependencies').instructions.find((line) => line.includes('npm ci'))!;
    expect(install).toContain('rm -rf bench e2e frontend scripts/dev-idp libs/testing');
  });

  it('keeps the development identity provider in an image of its own, for the compose demo', () => {
    expect(stage('dev-idp').instructions).toContain('COPY scripts/dev-idp scripts/dev-idp');
    expect(stage('runtime').instructions.join('\n')).not.toMatch(/dev-idp|bench|e2e|testing/);
  });
});
