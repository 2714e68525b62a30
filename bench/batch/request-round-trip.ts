import { apiClient } from '@shipping/testing';

const WARM_UP = 100;
const SAMPLES = 500;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

/**
 * Milliseconds of `GET /shippers`, one request after another: the gateway sends one query to the
 * order app and answers its reply, so beside the embedded runtime's figure it shows what the
 * transport costs a gateway request.
 */
export async function requestRoundTrip(baseUrl: string): Promise<{ p50: number; p99: number }> {
  const acme = apiClient(baseUrl, 'sk_test_acme');
  for (let n = 0; n < WARM_UP; n++) await acme.get('/shippers');
  const samples: number[] = [];
  for (let n = 0; n < SAMPLES; n++) {
    const started = performance.now();
    const answer = await acme.get('/shippers');
    if (answer.status !== 200) throw new Error(`GET /shippers answered ${answer.status}`);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}
