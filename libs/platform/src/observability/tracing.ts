import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { Env } from '../config/app-environment';

export interface Tracing {
  /** Sends the spans still buffered; call before the process exits. */
  shutdown(): Promise<void>;
}

const OFF: Tracing = { shutdown: async () => undefined };

/**
 * Traces are recorded and exported (OTLP over HTTP, to OTEL_EXPORTER_OTLP_ENDPOINT) only when
 * that variable is set. Otherwise no tracer provider is registered: the OpenTelemetry API stays a
 * no-op, nothing is exported and no trace context is written into messages or events.
 */
export function startTracing(serviceName: string, env: Env = process.env): Tracing {
  if (!env['OTEL_EXPORTER_OTLP_ENDPOINT']) return OFF;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': `shipping-${serviceName}` }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  return { shutdown: () => provider.shutdown() };
}

/** Read for `checkEnvironment`: the variables the OpenTelemetry SDK takes from the environment. */
export const readTracingEnvironment = (env: Env) => ({
  endpoint: env['OTEL_EXPORTER_OTLP_ENDPOINT'],
  delay: env['OTEL_BSP_SCHEDULE_DELAY'],
});
