/** What a client finally got: an HTTP answer, or none after every retry. */
export interface FinalAnswer {
  status: number | 'no answer';
  body: any;
  attempts: number;
  /** What each attempt before the last got: a status, `timeout` or `connection error`. */
  earlier: string[];
}

export interface RetryPolicy {
  attemptTimeoutMs: number;
  /** The client gives up after this long, whatever it got. */
  giveUpAfterMs: number;
}

/** 409 is the answer while the first attempt under the same key is still in progress. */
const worthRetrying = (status: number) => status >= 500 || status === 429 || status === 409;

/**
 * A client as a real one behaves: each call goes to the next gateway in turn, and after a timeout,
 * a connection error, a 5xx, a 429 or a 409 it asks again with the same Idempotency-Key.
 */
export function retryingClient(gatewayUrls: string[], bearer: string, policy: RetryPolicy) {
  let next = 0;
  const once = async (method: string, path: string, body: unknown, key?: string) => {
    const url = `${gatewayUrls[next++ % gatewayUrls.length]}${path}`;
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(policy.attemptTimeoutMs),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed };
  };
  const call = async (method: string, path: string, body?: unknown, key?: string): Promise<FinalAnswer> => {
    const deadline = Date.now() + policy.giveUpAfterMs;
    const earlier: string[] = [];
    for (let attempt = 1; ; attempt++) {
      let last: FinalAnswer;
      try {
        const answer = await once(method, path, body, key);
        last = { ...answer, attempts: attempt, earlier };
        if (!worthRetrying(answer.status)) return last;
        earlier.push(String(answer.status));
      } catch (error) {
        last = { status: 'no answer', body: undefined, attempts: attempt, earlier };
        earlier.push((error as Error).name === 'TimeoutError' ? 'timeout' : 'connection error');
      }
      if (Date.now() + 1_000 > deadline) return last;
      await new Promise((done) => setTimeout(done, Math.min(500 * attempt, 3_000)));
    }
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown, key?: string) => call('POST', path, body, key),
  };
}

export type RetryingClient = ReturnType<typeof retryingClient>;
