import { trace } from '@opentelemetry/api';

/**
 * The tracer of the spans our own code makes (requests, calls between services, Kafka). A proxy until
 * register.ts starts the SDK, a no-op when tracing is off.
 */
export const tracer = trace.getTracer('@daybreak/observability');
