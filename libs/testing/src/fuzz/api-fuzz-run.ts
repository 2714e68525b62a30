import fc from 'fast-check';
import { Client } from 'pg';
import { OpenApiConformance } from '../conformance/openapi-conformance';
import { type FuzzRequest, fuzzRequests } from './api-requests';
import { changedTables, type DatabaseState, settledState, subscriptionsCaughtUp } from './database-state';
import { fuzzFixtures } from './fuzz-fixtures';

export interface ApiFuzzOptions {
  baseUrl: string;
  /** The runtime's PostgreSQL database: what a refused request must leave unchanged. */
  databaseUrl: string;
  /** A receiver the fuzzed webhook endpoints deliver to, so deliveries settle. */
  webhookUrl: string;
  runs: number;
  seed: number;
  apiKey: string;
  adminKey: string;
  /** Requests between two looks at the database. */
  window?: number;
  /** Requests in flight at once. */
  parallel?: number;
  print?: (line: string) => void;
}

export interface ApiFuzzReport {
  seed: number;
  sent: number;
  statuses: Record<number, number>;
  /** Windows of only refused requests whose database state was compared, and all windows. */
  windowsChecked: number;
  windows: number;
  /** Requests in the windows compared. */
  refusalsChecked: number;
  /** Refused requests sent again because their first window held an accepted one. */
  resent: number;
  elapsedMs: number;
  failures: string[];
}

/** Successful routes that store nothing. */
const READ_ONLY = new Set(['POST /pickup-orders/get-rates']);

const describe = (request: FuzzRequest, status?: number, answer = '') =>
  `${request.method} ${request.url.slice(0, 200)} ${String(request.body).slice(0, 300)}` +
  (status === undefined ? '' : ` -> ${status} ${answer.slice(0, 300)}`);

/**
 * Sends `runs` generated requests: each answer must be a success or a 4xx in the envelope that
 * keeps the document, and a window of requests all refused must leave the database as it was.
 */
export async function runApiFuzz(options: ApiFuzzOptions): Promise<ApiFuzzReport> {
  const started = Date.now();
  const print = options.print ?? (() => undefined);
  const db = new Client({ connectionString: options.databaseUrl });
  await db.connect();
  const report: ApiFuzzReport = {
    seed: options.seed,
    sent: 0,
    statuses: {},
    windowsChecked: 0,
    windows: 0,
    refusalsChecked: 0,
    resent: 0,
    elapsedMs: 0,
    failures: [],
  };
  try {
    const context = await fuzzFixtures(options);
    const conformance = await OpenApiConformance.of(context.document);
    const window = options.window ?? 250;
    const parallel = options.parallel ?? 6;
    // The requests the document forbids go first, in long windows that mostly hold refusals only.
    const requests = fc.sample(fuzzRequests(context), { numRuns: options.runs, seed: options.seed });
    const forbidden = (request: FuzzRequest) =>
      conformance.forbids({ ...request, body: request.body === undefined ? undefined : parse(request.body) });
    const ordered = [...requests.filter(forbidden), ...requests.filter((request) => !forbidden(request))];
    const answered = new Map<FuzzRequest, number>();
    const caughtUp = () => subscriptionsCaughtUp(options.baseUrl);
    let baseline: DatabaseState = await settledState(db, caughtUp);
    let settledAt = new Date();
    let inWindow: FuzzRequest[] = [];
    let accepted = false;

    const closeWindow = async () => {
      report.windows++;
      const now = await settledState(db, caughtUp);
      const changed = changedTables(baseline, now);
      if (!accepted) {
        report.windowsChecked++;
        report.refusalsChecked += inWindow.length;
        if (changed.length > 0)
          report.failures.push(
            `window ${report.windows}${retrying ? ' (of refusals sent again)' : ''}, from ${settledAt.toISOString()}: refused requests changed ${changed.join(', ')}; ` +
              `events appended: ${await eventsAfter(db, baseline)}; the window's writes: ${inWindow
                .filter((request) => request.method !== 'GET')
                .map((request) => `${answered.get(request)} ${describe(request).slice(0, 160)}`)
                .join(' | ')
                .slice(0, 6000)}`,
          );
      }
      const verified = !accepted;
      baseline = now;
      settledAt = new Date();
      inWindow = [];
      accepted = false;
      return verified;
    };

    /** Sends one request and checks its answer; true when it was refused (a 4xx). */
    const send = async (request: FuzzRequest): Promise<boolean> => {
      report.sent++;
      const response = await fetch(`${options.baseUrl}${request.url}`, {
        method: request.method,
        headers: request.headers,
        body: request.body,
      }).catch((error: Error) => {
        report.failures.push(`no answer (${String(error.cause ?? error)}): ${describe(request)}`);
        return undefined;
      });
      if (!response) return false;
      const text = await response.text();
      const body = parse(text);
      report.statuses[response.status] = (report.statuses[response.status] ?? 0) + 1;
      answered.set(request, response.status);
      if (response.status < 400 && request.method !== 'GET' && !READ_ONLY.has(request.route)) accepted = true;
      // A success that is a file (a label PDF, an audit bundle) is no envelope; its failures are.
      const file =
        response.status < 300 && !/^application\/json(;|$)/.test(response.headers.get('content-type') ?? '');
      if (response.status >= 500) report.failures.push(`5xx: ${describe(request, response.status, text)}`);
      else if (typeof (body as any)?.success !== 'boolean' && !file && response.status !== 304)
        report.failures.push(`no envelope: ${describe(request, response.status, text)}`);
      else {
        const violation = conformance.violation({
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: request.body === undefined ? undefined : parse(request.body),
          status: response.status,
          contentType: response.headers.get('content-type'),
          responseBody: body,
        });
        if (violation) report.failures.push(`${violation}: ${describe(request, response.status, text)}`);
      }
      return response.status >= 400 && response.status < 500;
    };

    // A window where a request was accepted cannot tell what the refused ones did: those are
    // sent again (with new Idempotency-Keys) after the run, in windows of their own.
    const unverified: FuzzRequest[] = [];
    const refused = new Set<FuzzRequest>();
    let retrying = false;
    const sendAll = async (batch: FuzzRequest[], retry: boolean) => {
      retrying = retry;
      for (let next = 0; next < batch.length; next += parallel) {
        const chunk = batch.slice(next, next + parallel);
        inWindow.push(...chunk);
        await Promise.all(chunk.map(async (request) => (await send(request)) && refused.add(request)));
        if (inWindow.length >= window) {
          const held = [...inWindow];
          if (!(await closeWindow()) && !retry)
            unverified.push(...held.filter((request) => refused.has(request)));
        }
        if (Math.floor(report.sent / 1000) > Math.floor((report.sent - chunk.length) / 1000))
          print(`api fuzz: ${report.sent} requests sent`);
      }
      if (inWindow.length > 0) {
        const held = [...inWindow];
        if (!(await closeWindow()) && !retry)
          unverified.push(...held.filter((request) => refused.has(request)));
      }
    };
    await sendAll(ordered, false);
    report.resent = unverified.length;
    await sendAll(unverified.map(withNewIdempotencyKey), true);
  } finally {
    await db.end();
  }
  report.elapsedMs = Date.now() - started;
  return report;
}

/** The streams and types of the events appended since `baseline`, for a failure's message. */
async function eventsAfter(db: Client, baseline: DatabaseState): Promise<string> {
  const position = /@(\d+)$/.exec(baseline['event_store.events'] ?? '')?.[1];
  if (position === undefined) return 'unknown';
  const { rows } = await db.query<{ stream_name: string; event_type: string; created_at: Date }>(
    `select stream_name, event_type, created_at from event_store.events where global_position > $1
     order by global_position limit 20`,
    [position],
  );
  return (
    rows.map((row) => `${row.stream_name} ${row.event_type} at ${row.created_at.toISOString()}`).join(', ') ||
    'none'
  );
}

const withNewIdempotencyKey = (request: FuzzRequest): FuzzRequest =>
  request.headers['idempotency-key']?.startsWith('fuzz-')
    ? {
        ...request,
        headers: { ...request.headers, 'idempotency-key': `${request.headers['idempotency-key']}-again` },
      }
    : request;

const parse = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
};

/** The report's summary line, with what reruns it. */
export const formatFuzzReport = (report: ApiFuzzReport): string =>
  `api fuzz: ${report.sent} requests in ${(report.elapsedMs / 1000).toFixed(1)} s, seed ${report.seed}, ` +
  `statuses ${JSON.stringify(report.statuses)}, database compared after ${report.windowsChecked} of ` +
  `${report.windows} windows (${report.refusalsChecked} requests, ${report.resent} of them sent again), ${report.failures.length} failures (rerun: npm run fuzz -- --runs ${report.sent - report.resent} --seed ${report.seed})`;
