// @ts-check
// Zipkin, the local trace backend for `DAYBREAK_ZIPKIN=1 npm start` (never for tests): the
// io.zipkin:zipkin-server exec jar from Maven Central, fetched on first use with
// `mvn dependency:copy` into .infra/zipkin, run with `java -jar` on 127.0.0.1:9411 with in-memory
// storage. The processes export to it with OpenTelemetry's Zipkin exporter (scripts/stack/profiles.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { HOST, INFRA_DIR } from './config.mjs';
import { InfraError, isPortOpen, run, waitFor } from './exec.mjs';

const VERSION = '3.5.1';
const PORT = 9411;
const DIR = path.join(INFRA_DIR, 'zipkin');
const JAR = path.join(DIR, `zipkin-server-${VERSION}-exec.jar`);

export const ZIPKIN_URL = `http://${HOST}:${PORT}/zipkin/`;
export const ZIPKIN_SPANS_URL = `http://${HOST}:${PORT}/api/v2/spans`;

/** Fetches the jar unless it is there (~/.m2 keeps it across a wiped .infra). */
async function ensureJar(update) {
  if (fs.existsSync(JAR)) return;
  update('fetching zipkin-server (maven)');
  fs.mkdirSync(DIR, { recursive: true });
  const copy = 'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy';
  try {
    await run('mvn', [
      '-q',
      '-B',
      copy,
      `-Dartifact=io.zipkin:zipkin-server:${VERSION}:jar:exec`,
      `-DoutputDirectory=${DIR}`,
    ]);
  } catch (err) {
    throw new InfraError(`fetching zipkin-server from Maven Central failed: ${err.message}`);
  }
}

/**
 * Starts Zipkin unless something already answers on its port; resolves once it is up. It runs
 * detached, like Kafka, so it outlives `npm start` and keeps the traces until `npm run infra:down`
 * (or `kill $(cat .infra/zipkin/zipkin.pid)`).
 */
export async function ensureZipkin(update = /** @type {(detail: string) => void} */ (() => {})) {
  if (await isPortOpen(PORT, HOST)) return `${ZIPKIN_URL} (already running)`;
  await ensureJar(update);
  update('starting');
  const log = fs.openSync(path.join(DIR, 'zipkin.log'), 'a');
  const child = spawn(
    'java',
    ['-Xmx256m', '-jar', JAR, `--server.address=${HOST}`, `--server.port=${PORT}`],
    { detached: true, stdio: ['ignore', log, log], env: { ...process.env, STORAGE_TYPE: 'mem' } },
  );
  child.unref();
  fs.closeSync(log);
  fs.writeFileSync(path.join(DIR, 'zipkin.pid'), `${child.pid}\n`);
  await waitFor(() => isPortOpen(PORT, HOST), {
    timeoutMs: 60_000,
    what: 'zipkin',
    log: path.join(DIR, 'zipkin.log'),
  });
  return ZIPKIN_URL;
}
