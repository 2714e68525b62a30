import type { Env } from '../config/app-environment';

export interface Tracing {
  /** Sends the spans still buffered; call before the process exits. */
  shutdown(): Promise<void>;
}

const OFF: Tracing = { shutdown: async () => undefined };

/**
 * Traces are recorded and exported (OTLP over HTTP, to OTEL_EXPORTER_OTLP_ENDPOINT) only when
 * that variable is set. Otherwise the SDK is not even loaded and no tracer provider is registered:
 * the OpenTelemetry API stays a no-op, nothing is exported and no trace context is written into
 * messages or events.
 */
export async function startTracing(serviceName: string, env: Env = process.env): Promise<Tracing> {
  if (!env['OTEL_EXPORTER_OTLP_ENDPOINT']) return OFF;
  const [{ OTLPTraceExporter }, { resourceFromAttributes }, { BatchSpanProcessor }, { NodeTracerProvider }] =
    await Promise.all([
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/sdk-trace-node'),
    ]);
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
