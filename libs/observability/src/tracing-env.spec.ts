import { PRODUCTION_SAMPLE_RATIO, tracingEnvDefaults } from './tracing-env';

describe('tracingEnvDefaults', () => {
  it('samples 10 % of traces in production, following the parent', () => {
    expect(tracingEnvDefaults({ NODE_ENV: 'production' })).toMatchObject({
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: String(PRODUCTION_SAMPLE_RATIO),
    });
  });

  it('keeps every trace in development and when tests read spans from a file', () => {
    expect(tracingEnvDefaults({ NODE_ENV: 'development' })).not.toHaveProperty('OTEL_TRACES_SAMPLER');
    expect(
      tracingEnvDefaults({ NODE_ENV: 'production', TRACES_FILE: '/tmp/spans.jsonl' }),
    ).not.toHaveProperty('OTEL_TRACES_SAMPLER');
  });

  it('exports traces only: metrics and logs have their own pipelines', () => {
    expect(tracingEnvDefaults({})).toEqual({ OTEL_METRICS_EXPORTER: 'none', OTEL_LOGS_EXPORTER: 'none' });
  });
});
