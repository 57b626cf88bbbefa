// Seeing what the processes do (docs/operations.md): Prometheus metrics for every process and the
// OpenTelemetry helpers that carry a trace across HTTP and Kafka. Tracing itself starts in ./register,
// which each process imports first.
export * from './metrics';
export * from './http-metrics';
export * from './trace-context';
export * from './client-span';
export type { SpanRecord } from './file-span-exporter';
