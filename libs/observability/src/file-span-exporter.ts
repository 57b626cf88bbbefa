import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ExportResult, ExportResultCode } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

/** One finished span, one JSON line: what the trace system test reads. */
export interface SpanRecord {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  service: string;
  startTimeMs: number;
  durationMs: number;
  attributes: Record<string, unknown>;
  /** The spans this one is linked to (a batch's span to the publish span of each of its messages). */
  links: { traceId: string; spanId: string }[];
}

/**
 * Appends finished spans to a file, one JSON object a line. For tests and for a look without any
 * backend (TRACES_FILE); production exports over OTLP. Several processes may share one file: each
 * line is one append.
 */
export class FileSpanExporter implements SpanExporter {
  constructor(private readonly file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
  }

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    try {
      const lines = spans.map((span) => JSON.stringify(toRecord(span))).join('\n');
      appendFileSync(this.file, `${lines}\n`);
      done({ code: ExportResultCode.SUCCESS });
    } catch (error) {
      done({ code: ExportResultCode.FAILED, error: error as Error });
    }
  }

  async shutdown(): Promise<void> {}
}

function toRecord(span: ReadableSpan): SpanRecord {
  const { traceId, spanId } = span.spanContext();
  const ms = ([seconds, nanos]: [number, number]) => seconds * 1000 + nanos / 1e6;
  return {
    traceId,
    spanId,
    parentSpanId: span.parentSpanContext?.spanId,
    name: span.name,
    kind: span.kind,
    service: String(span.resource.attributes['service.name']),
    startTimeMs: ms(span.startTime),
    durationMs: ms(span.duration),
    attributes: span.attributes,
    links: span.links.map(({ context: { traceId, spanId } }) => ({ traceId, spanId })),
  };
}
