// @ts-check
// Kafka 3.9 from Maven Central jars: a single KRaft node (broker + controller in one JVM) on
// 127.0.0.1:9092, files in .infra/kafka. No Kafka distribution or Docker image is needed: Maven fetches
// the jars named by scripts/infra/kafka/pom.xml and we start kafka.Kafka with plain `java -cp`.
// Every function takes the broker instance (config.mjs: KAFKA, the default, or OUTAGE_KAFKA, the
// disposable broker of the outage tests); both run from the same jars in .infra/kafka/libs.
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { HOST, KAFKA, REPO_ROOT, rel } from './config.mjs';

import {
  InfraError,
  cmdlineOf,
  isAlive,
  isPortOpen,
  readPid,
  run,
  tailFile,
  waitFor,
  which,
} from './exec.mjs';

/**
 * `saslPort`: a second listener that takes SASL/SCRAM-SHA-512 clients only (config.mjs SASL_KAFKA).
 * @typedef {{ port: number, controllerPort: number, saslPort?: number, dir: string, clusterId: string }} BrokerInstance
 */

const jars = {
  libs: path.join(KAFKA.dir, 'libs'),
  libsStamp: path.join(KAFKA.dir, 'libs', '.pom-sha1'),
};

/** The files of one broker instance, all in its own folder. */
export const filesOf = ({ dir }) => ({
  data: path.join(dir, 'data'),
  props: path.join(dir, 'server.properties'),
  pid: path.join(dir, 'kafka.pid'),
  log: path.join(dir, 'kafka.log'),
});

/** The bootstrap address of a broker instance, as KAFKA_BROKERS spells it. */
export const brokersOf = ({ port }) => `${HOST}:${port}`;

export const kafkaPackages = [
  { name: 'java', pkg: 'default-jre-headless', present: () => Boolean(which('java')) },
  { name: 'mvn', pkg: 'maven', present: () => Boolean(which('mvn')) },
];

/**
 * kafkajs is loaded lazily (it is the only npm dependency of these scripts, and only the Kafka steps
 * need it). require() rather than import() so NODE_PATH works too, and resolution starts at the repo
 * root's node_modules wherever the script is called from.
 */
export function loadKafkajs() {
  try {
    return createRequire(path.join(REPO_ROOT, 'package.json'))('kafkajs');
  } catch (err) {
    throw new InfraError(`kafkajs is not installed (run \`npm install\` at the repo root): ${err.message}`);
  }
}

/**
 * kafkajs' `ssl` and `sasl` from the services' variables (KAFKA_SSL, KAFKA_SASL_MECHANISM/USERNAME/
 * PASSWORD), for a job that reaches brokers that authenticate (docker compose's `topics`).
 * @param {NodeJS.ProcessEnv} env
 */
export function kafkaSecurityFromEnv(env = process.env) {
  const { KAFKA_SSL, KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME, KAFKA_SASL_PASSWORD } = env;
  return {
    ...(KAFKA_SSL === 'true' && { ssl: true }),
    ...(KAFKA_SASL_MECHANISM && {
      sasl: { mechanism: KAFKA_SASL_MECHANISM, username: KAFKA_SASL_USERNAME, password: KAFKA_SASL_PASSWORD },
    }),
  };
}

/** Runs `fn(admin)` with a short-lived, quiet kafkajs admin client (plaintext unless `security` says). */
export async function withAdmin(
  fn,
  { timeoutMs = 3000, retries = 0, brokers = [brokersOf(KAFKA)], security = {} } = {},
) {
  const { Kafka, logLevel } = loadKafkajs();
  const kafka = new Kafka({
    clientId: 'daybreak-infra',
    brokers,
    ...security,
    connectionTimeout: Math.min(timeoutMs, 1000),
    requestTimeout: timeoutMs,
    retry: { retries }, // 0 when we poll ourselves: kafkajs' own backoff would only slow the poll down
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    return await fn(admin);
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

/** True when the broker (127.0.0.1:9092 by default) answers a metadata request (not just an open port). */
export async function kafkaReady(instance = /** @type {BrokerInstance} */ (KAFKA)) {
  if (!(await isPortOpen(instance.port, HOST))) return false;
  loadKafkajs(); // outside the try: "kafkajs is missing" must surface, not read as "no broker"
  try {
    const cluster = await withAdmin((admin) => admin.describeCluster(), { brokers: [brokersOf(instance)] });
    return cluster.brokers.length > 0;
  } catch {
    return false;
  }
}

/** Pid of the broker we started, or null. Checks the command line so a recycled pid is never signalled. */
export function kafkaPid(instance = /** @type {BrokerInstance} */ (KAFKA)) {
  const files = filesOf(instance);
  const pid = readPid(files.pid);
  if (pid && isAlive(pid) && cmdlineOf(pid).includes('kafka.Kafka')) return pid;
  // No (valid) pid file: look for a broker running our server.properties (e.g. the pid file was wiped).
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const cmd = cmdlineOf(entry);
      const ours = cmd.includes('kafka.Kafka') && cmd.includes(files.props);
      if (ours && isAlive(Number(entry))) return Number(entry);
    }
  } catch {
    // no /proc: nothing more we can find
  }
  return null;
}

const sha1 = (file) => crypto.createHash('sha1').update(fs.readFileSync(file)).digest('hex');

/** Collects the broker jars with Maven, unless the jars for the current pom are already there. */
export async function ensureKafkaJars(update = /** @type {(detail: string) => void} */ (() => {})) {
  const pomHash = sha1(KAFKA.pom);
  const stamp = fs.existsSync(jars.libsStamp) ? fs.readFileSync(jars.libsStamp, 'utf8').trim() : null;
  if (stamp === pomHash) return false;
  update('fetching jars (maven)');
  // Start from an empty folder so jars of a previous version never end up on the classpath.
  fs.rmSync(jars.libs, { recursive: true, force: true });
  fs.mkdirSync(jars.libs, { recursive: true });
  try {
    const output = `-DoutputDirectory=${jars.libs}`;
    const goal = ['dependency:copy-dependencies', '-DincludeScope=runtime', output];
    await run('mvn', ['-q', '-B', '-f', KAFKA.pom, ...goal]);
  } catch (err) {
    throw new InfraError(`fetching the Kafka jars from Maven Central failed: ${err.message}`);
  }
  fs.writeFileSync(jars.libsStamp, `${pomHash}\n`);
  return true;
}

// java.util.Properties treats a backslash as an escape character; nothing else in our values needs one.
const prop = (value) => String(value).replaceAll('\\', '\\\\');

/** Single-node KRaft settings for development; regenerated on every start. */
function writeServerProperties(instance) {
  const { port, controllerPort, saslPort } = instance;
  const files = filesOf(instance);
  const sasl = saslPort ? `,SASL://${HOST}:${saslPort}` : '';
  const settings = {
    // One JVM is both the KRaft controller and the broker.
    'process.roles': 'broker,controller',
    'node.id': 1,
    'controller.quorum.voters': `1@${HOST}:${controllerPort}`,
    listeners: `PLAINTEXT://${HOST}:${port},CONTROLLER://${HOST}:${controllerPort}${sasl}`,
    'advertised.listeners': `PLAINTEXT://${HOST}:${port}${sasl}`,
    'listener.security.protocol.map': `PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT${saslPort ? ',SASL:SASL_PLAINTEXT' : ''}`,
    // The same settings as docker-compose.yml's broker gives its DOCKER listener.
    ...(saslPort && {
      'sasl.enabled.mechanisms': 'SCRAM-SHA-512',
      'listener.name.sasl.scram-sha-512.sasl.jaas.config':
        'org.apache.kafka.common.security.scram.ScramLoginModule required;',
    }),
    'controller.listener.names': 'CONTROLLER',
    'inter.broker.listener.name': 'PLAINTEXT',
    'log.dirs': files.data,
    // One broker: every replication factor and ISR minimum is 1.
    'default.replication.factor': 1,
    'min.insync.replicas': 1,
    'offsets.topic.replication.factor': 1,
    'offsets.topic.num.partitions': 1, // a 50-partition offsets topic only slows the first group join
    'transaction.state.log.replication.factor': 1,
    'transaction.state.log.min.isr': 1,
    'transaction.state.log.num.partitions': 1,
    // Tests join a consumer group and produce right away: no 3 s wait for more members.
    'group.initial.rebalance.delay.ms': 0,
    // Topics come from libs/contracts/topics.json at `up`; a typo must fail, not create a topic.
    'auto.create.topics.enable': false,
    'num.partitions': 6,
    // Sized for a 2-core machine.
    'num.network.threads': 2,
    'num.io.threads': 4,
    'background.threads': 4,
    'num.recovery.threads.per.data.dir': 2,
    // Shorter heartbeats let the broker unfence sooner after a (re)start.
    'broker.heartbeat.interval.ms': 500,
    'broker.session.timeout.ms': 3000,
    'log.retention.hours': 72,
  };
  const text = Object.entries(settings)
    .map(([key, value]) => `${key}=${prop(value)}`)
    .join('\n');
  const header = '# Written by scripts/infra/kafka.mjs on every start; edit that file, not this one.';
  fs.writeFileSync(files.props, `${header}\n${text}\n`);
}

const classpath = () => `${jars.libs}${path.sep}*`; // java expands the wildcard itself (no shell)
const javaLogging = () => [`-Dlog4j.configuration=${pathToFileURL(KAFKA.log4j)}`];

/**
 * Registers a SCRAM-SHA-512 user with the broker (through its plain listener), as docker compose's
 * `kafka-users` job does with kafka-configs.sh.
 * @param {BrokerInstance} instance
 * @param {{ username: string, password: string }} user
 */
export async function addScramUser(instance, { username, password }) {
  const scram = `SCRAM-SHA-512=[iterations=8192,password=${password}]`;
  const alter = ['--bootstrap-server', brokersOf(instance), '--alter', '--entity-type', 'users'];
  await run('java', [
    ...javaLogging(),
    '-cp',
    classpath(),
    'kafka.admin.ConfigCommand',
    ...alter,
    '--entity-name',
    username,
    '--add-config',
    scram,
  ]);
}

/** Formats the KRaft metadata log once; a formatted folder is recognised by its meta.properties. */
async function formatStorage(instance, update) {
  const files = filesOf(instance);
  if (fs.existsSync(path.join(files.data, 'meta.properties'))) return;
  update('formatting storage');
  fs.mkdirSync(files.data, { recursive: true });
  const format = ['format', '-t', instance.clusterId, '-c', files.props, '--ignore-formatted'];
  await run('java', [...javaLogging(), '-cp', classpath(), 'kafka.tools.StorageTool', ...format]);
}

/**
 * Waits until the broker answers metadata requests and actually serves its partitions and groups.
 * @param {{ instance: BrokerInstance, child?: import('node:child_process').ChildProcess, pid?: number, timeoutMs: number }} options
 */
async function waitForBroker({ instance, child, pid, timeoutMs }) {
  const { log } = filesOf(instance);
  let exited = null;
  child?.once('exit', (code, signal) => (exited = signal ?? `code ${code}`));
  const abort = () => {
    if (exited) return `the JVM exited (${exited})`;
    if (!child && pid && !isAlive(pid)) return 'the JVM exited';
    return null;
  };
  const what = `kafka did not start — see ${rel(log)}`;
  try {
    await waitFor(() => kafkaReady(instance), { what, timeoutMs, intervalMs: 250, abort, log });
    await waitFor(() => brokerServing(instance), { what, timeoutMs: 15_000, intervalMs: 250, abort, log });
  } catch (err) {
    const tail = tailFile(log, 15);
    if (tail) err.message += `\n--- last lines of ${rel(log)} ---\n${tail}`;
    throw err;
  }
}

// Metadata can name this broker as leader a moment before it serves the partition (a produce then gets
// NOT_LEADER_FOR_PARTITION), and the group coordinator loads __consumer_offsets after that. So "ready"
// means: every partition has a leader, every topic answers ListOffsets, and a group lookup works.
// The group lookup also creates __consumer_offsets on a fresh broker, so a test's first consumer group
// joins at once.
async function brokerServing(instance) {
  return withAdmin(
    async (admin) => {
      const { topics } = await admin.fetchTopicMetadata();
      if (!topics.every((t) => t.partitions.every((p) => p.leader >= 0))) return false;
      const ownTopics = topics.filter((t) => !t.name.startsWith('__'));
      await Promise.all(ownTopics.map((t) => admin.fetchTopicOffsets(t.name)));
      await admin.describeGroups(['daybreak-infra-warmup']);
      return true;
    },
    { brokers: [brokersOf(instance)] },
  );
}

/**
 * Starts the broker (fetching jars and formatting storage when needed) and resolves once it answers
 * metadata requests. Reuses a broker that already answers on the instance's port.
 */
export async function startKafka(
  update = /** @type {(detail: string) => void} */ (() => {}),
  { timeoutMs = 90_000, instance = /** @type {BrokerInstance} */ (KAFKA) } = {},
) {
  const { dir, port, controllerPort } = instance;
  const files = filesOf(instance);
  if (await kafkaReady(instance)) return `reused on ${HOST}:${port}`;

  const running = kafkaPid(instance);
  if (running) {
    // Started by someone else a moment ago (e.g. a parallel `up`): wait for it instead of a second JVM.
    update('waiting for the running broker');
    await waitForBroker({ instance, pid: running, timeoutMs });
    return `reused on ${HOST}:${port} (pid ${running})`;
  }
  if (await isPortOpen(port, HOST)) {
    throw new InfraError(`port ${port} is taken by something that does not answer as a Kafka broker`);
  }
  if (await isPortOpen(controllerPort, HOST)) {
    throw new InfraError(`port ${controllerPort} (KRaft controller listener) is used by another process`);
  }

  fs.mkdirSync(dir, { recursive: true });
  const fetched = await ensureKafkaJars(update);
  writeServerProperties(instance);
  await formatStorage(instance, update);

  update('starting the JVM');
  // Keep the previous log for post-mortems instead of growing one file forever.
  if (fs.existsSync(files.log)) fs.renameSync(files.log, `${files.log}.1`);
  const out = fs.openSync(files.log, 'a');
  const heap = ['-Xms256m', '-Xmx512m']; // small heap: a dev broker holds little
  const gc = ['-XX:+UseG1GC', '-XX:MaxGCPauseMillis=20']; // what kafka-server-start.sh uses
  const jit = ['-XX:TieredStopAtLevel=1']; // C1 only: faster JVM start, plenty for dev traffic
  const args = [...heap, ...gc, ...jit, '-Djava.awt.headless=true', ...javaLogging()];
  // Detached in its own process group: the broker outlives this script (and a test runner's worker).
  const child = spawn('java', [...args, '-cp', classpath(), 'kafka.Kafka', files.props], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  child.unref();
  fs.writeFileSync(files.pid, `${child.pid}\n`);

  update(`waiting for the broker (pid ${child.pid})`);
  await waitForBroker({ instance, child, timeoutMs });
  return `started on ${HOST}:${port}${fetched ? ' (jars fetched)' : ''}`;
}

/** SIGTERM (Kafka's clean shutdown), SIGKILL after `graceMs`. Resolves once the port is free. */
export async function stopKafka({ graceMs = 30_000, instance = /** @type {BrokerInstance} */ (KAFKA) } = {}) {
  const { dir, port } = instance;
  const files = filesOf(instance);
  const pid = kafkaPid(instance);
  if (!pid) {
    fs.rmSync(files.pid, { force: true });
    return (await isPortOpen(port, HOST)) ? `left running (not started from ${rel(dir)})` : 'was not running';
  }
  process.kill(pid, 'SIGTERM');
  let how = 'stopped';
  try {
    await waitFor(() => !isAlive(pid), { what: 'kafka shutdown', timeoutMs: graceMs, intervalMs: 100 });
  } catch {
    process.kill(pid, 'SIGKILL');
    how = `killed (no clean shutdown within ${graceMs / 1000}s)`;
    await waitFor(() => !isAlive(pid), { what: 'kafka kill', timeoutMs: 10_000, intervalMs: 100 });
  }
  fs.rmSync(files.pid, { force: true });
  // The listener socket closes with the process; wait anyway so an immediate start finds a free port.
  const portFree = async () => !(await isPortOpen(port, HOST, 200));
  await waitFor(portFree, { what: 'kafka port release', timeoutMs: 10_000, intervalMs: 100 });
  return how;
}
