// Tracing for one process. Imported first thing in a process's main.ts (before Nest, pg, ioredis and
// kafkajs load), because OpenTelemetry instruments a module as it is required: a module loaded
// earlier would stay untraced.
//
// Off unless configured, so an untraced process pays nothing:
// - OTEL_TRACES_EXPORTER=otlp|zipkin|console (and the OTEL_EXPORTER_* variables of that exporter,
//   e.g. OTEL_EXPORTER_OTLP_ENDPOINT), or just OTEL_EXPORTER_OTLP_ENDPOINT: any OTLP backend;
// - TRACES_FILE=path: spans as JSON lines in a file (tests).
// OTEL_SERVICE_NAME names the process; by default the service's folder (services/<name>).
// Sampling: see `tracingEnvDefaults` (10 % of traces in production unless OTEL_TRACES_SAMPLER says).
import path from 'node:path';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { FileSpanExporter } from './file-span-exporter';
import { TraceContextPropagator } from './sampling-decision';
import { tracingEnvDefaults } from './tracing-env';

function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  const exporter = env.OTEL_TRACES_EXPORTER;
  if (exporter === 'none' || env.OTEL_SDK_DISABLED === 'true') return false;
  return Boolean(
    exporter || env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.TRACES_FILE,
  );
}

/** services/<name>/dist/main.js → <name>. */
function serviceName(env: NodeJS.ProcessEnv): string {
  if (env.OTEL_SERVICE_NAME) return env.OTEL_SERVICE_NAME;
  const main = process.argv[1] ?? 'daybreak';
  return path.basename(path.dirname(path.dirname(path.resolve(main))));
}

function startTracing(env: NodeJS.ProcessEnv): void {
  for (const [name, value] of Object.entries(tracingEnvDefaults(env))) env[name] ??= value;
  const sdk = new NodeSDK({
    serviceName: serviceName(env),
    // A file needs no batching, and a test reads it right after the request.
    spanProcessors: env.TRACES_FILE
      ? [new SimpleSpanProcessor(new FileSpanExporter(env.TRACES_FILE))]
      : undefined,
    instrumentations: enabledInstrumentations(env),
    // W3C trace context, with an unsampled request's decision carried on without a span
    // (sampling-decision.ts). Not W3C baggage, which the SDK adds by default: nothing here reads it,
    // and every request and call would pay to look for it.
    textMapPropagator: new TraceContextPropagator(),
  });
  sdk.start();
  const stop = () => void sdk.shutdown().catch(() => undefined);
  process.once('beforeExit', stop);
}

/**
 * What is traced besides the spans of our own code (each request's server span: httpObservability-
 * Middleware; the gateway's calls to the services: startClientCall; Kafka's publish and process
 * spans: libs/messaging). OTEL_NODE_DISABLED_INSTRUMENTATIONS (e.g. `pg,ioredis`) turns some off, as
 * with OpenTelemetry's auto-instrumentations. Each traces only under a parent span, and work in an
 * unsampled trace has none (sampling-decision.ts), so there they only look and step aside.
 */
function enabledInstrumentations(env: NodeJS.ProcessEnv) {
  const disabled = new Set(
    (env.OTEL_NODE_DISABLED_INSTRUMENTATIONS ?? '').split(',').map((name) => name.trim()),
  );
  const all = {
    // Outgoing calls of node:http (web push); incoming requests are the middleware's (see there why).
    // Calls made outside any trace (health polls) would each start a trace of their own.
    http: () =>
      new HttpInstrumentation({
        disableIncomingRequestInstrumentation: true,
        requireParentforOutgoingSpans: true,
      }),
    // Database and Redis work outside a request or an event (the relay's polls) is not traced.
    // Queries only: a span per pool checkout would double the spans of every request for little.
    pg: () => new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
    ioredis: () => new IORedisInstrumentation({ requireParentSpan: true }),
  };
  return Object.entries(all)
    .filter(([name]) => !disabled.has(name))
    .map(([, make]) => make());
}

if (tracingWanted(process.env)) startTracing(process.env);
