import {
  type DistributedRuntime,
  makeTestCertificates,
  type SpanCollector,
  startDistributedRuntime,
  startSpanCollector,
  type TestCertificates,
} from '@shipping/testing';
import { kafkaSecuritySuite, secureKafka } from './kafka-security.suite';
import { tracedEnv, tracingSuite } from './tracing.suite';

/**
 * The six apps on a broker that speaks only TLS and asks for SASL/SCRAM, exporting their spans to
 * an in-memory collector: one start serves the security suite and the tracing one, which reads
 * only its own trace.
 */
describe('the distributed runtime on a secured broker, traced', () => {
  let certificates: TestCertificates;
  let collector: SpanCollector;
  let runtime: DistributedRuntime;

  beforeAll(async () => {
    certificates = makeTestCertificates();
    collector = await startSpanCollector();
    const kafka = secureKafka(certificates);
    runtime = await startDistributedRuntime({
      brokerArgs: kafka.brokerArgs,
      env: { ...kafka.env, ...tracedEnv(collector) },
    });
  }, 300_000);

  afterAll(async () => {
    await runtime?.stop();
    await collector?.close();
    certificates?.remove();
  }, 120_000);

  kafkaSecuritySuite(
    () => runtime,
    () => certificates,
  );
  tracingSuite(
    () => runtime,
    () => collector,
  );
});
