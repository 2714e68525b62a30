import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  startMs: number;
  endMs: number;
  links: { traceId: string; spanId: string }[];
}

export interface SpanCollector {
  /** For OTEL_EXPORTER_OTLP_ENDPOINT: the exporters post to `${endpoint}/v1/traces`. */
  endpoint: string;
  spans: CollectedSpan[];
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startTimeUnixNano: string | number;
  endTimeUnixNano: string | number;
  links?: { traceId: string; spanId: string }[];
}
interface OtlpRequest {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
}

const millis = (nanos: string | number) => Number(BigInt(nanos) / 1000n) / 1000;

/**
 * An OTLP/HTTP (JSON) endpoint that keeps every span it receives in memory: the processes of a
 * runtime export to it with their real OTLP exporter, and a spec reads the spans back.
 */
export async function startSpanCollector(): Promise<SpanCollector> {
  const spans: CollectedSpan[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      try {
        spans.push(...spansOf(JSON.parse(body) as OtlpRequest));
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', () => listening()));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

function spansOf(request: OtlpRequest): CollectedSpan[] {
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service =
      resourceSpans.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value
        .stringValue ?? '';
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        service,
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        startMs: millis(span.startTimeUnixNano),
        endMs: millis(span.endTimeUnixNano),
        links: span.links ?? [],
      })),
    );
  });
}
