/** In production, the share of traces kept when the operator hasn't chosen (OTEL_TRACES_SAMPLER). */
export const PRODUCTION_SAMPLE_RATIO = 0.1;

/**
 * The OpenTelemetry settings a process gets unless its environment sets them (the SDK reads them
 * from the environment itself).
 *
 * Sampling is decided once, at the trace's first process (the gateway, or the relay for an event
 * published outside a request), and every later process follows its parent, so a trace is kept or
 * dropped whole. Production keeps 10 %: it exports a tenth of the spans, and still shows every
 * route many times a minute at real traffic (what tracing costs even so: docs/operations.md, "What
 * tracing costs"). Development and tests keep every trace: a test looks for the one trace its
 * request made, and a developer for the one they just clicked.
 */
export function tracingEnvDefaults(env: NodeJS.ProcessEnv): Record<string, string> {
  const defaults: Record<string, string> = {
    // Metrics are Prometheus' (prom-client), logs pino's: the SDK exports traces only.
    OTEL_METRICS_EXPORTER: 'none',
    OTEL_LOGS_EXPORTER: 'none',
  };
  if (env.NODE_ENV === 'production' && !env.TRACES_FILE) {
    defaults.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
    defaults.OTEL_TRACES_SAMPLER_ARG = String(PRODUCTION_SAMPLE_RATIO);
  }
  return defaults;
}
