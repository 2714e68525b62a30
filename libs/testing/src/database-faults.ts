import { Client } from 'pg';

/** The errors `pg` really raises when the server or the connection fails, caught from a real server. */
export interface DatabaseFaults {
  /** A query whose backend was terminated while it ran (`pg_terminate_backend`): 57P01. */
  terminatedWhileRunning: Error;
  /** The next query on that connection: `Connection terminated unexpectedly`. */
  queriedAfterTermination: Error;
  /** A query on a held connection whose backend was terminated while idle. */
  queriedOnTerminatedIdleConnection: Error;
  /** A connection to a port nobody listens on: ECONNREFUSED. */
  refusedConnection: Error;
  /** The loser of two serializable transactions that read what the other wrote: 40001. */
  serializationFailure: Error;
  /** The victim of two transactions each waiting for the other's row: 40P01. */
  deadlock: Error;
  /** Not faults of the server: a unique violation, a division by zero, a syntax error. */
  requestErrors: Error[];
}

const rejectionOf = (promise: Promise<unknown>): Promise<Error> =>
  promise.then(
    () => Promise.reject(new Error('the statement did not fail')),
    (error: Error) => error,
  );

async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  // The server's notice of a terminated backend arrives as an event nobody else would hear.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

async function pidOf(client: Client): Promise<number> {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  return rows[0].pid;
}

/** Waits until the backend `pid` is running a statement (or waiting on a lock in one). */
export async function waitUntilActive(admin: Client, pid: number): Promise<void> {
  for (;;) {
    const { rows } = await admin.query("select 1 from pg_stat_activity where pid = $1 and state = 'active'", [
      pid,
    ]);
    if (rows.length > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Captures each fault from the database at `url` (a fresh test database; it creates a table). */
export async function captureDatabaseFaults(url: string): Promise<DatabaseFaults> {
  const admin = await connect(url);
  try {
    await admin.query('create table fault_probe (id int primary key)');
    await admin.query('insert into fault_probe values (1), (2)');
    const running = await connect(url);
    const runningPid = await pidOf(running);
    const terminatedWhileRunning = rejectionOf(running.query('select pg_sleep(600)'));
    await waitUntilActive(admin, runningPid);
    await admin.query('select pg_terminate_backend($1)', [runningPid]);
    const faults = {
      terminatedWhileRunning: await terminatedWhileRunning,
      queriedAfterTermination: await rejectionOf(running.query('select 1')),
      queriedOnTerminatedIdleConnection: await terminatedIdle(url, admin),
      refusedConnection: await rejectionOf(new Client({ host: '127.0.0.1', port: 1 }).connect()),
      serializationFailure: await serializationFailure(url),
      deadlock: await deadlock(url),
      requestErrors: [
        await rejectionOf(admin.query('insert into fault_probe values (1)')),
        await rejectionOf(admin.query('select 1 / 0')),
        await rejectionOf(admin.query('selec 1')),
      ],
    };
    return faults;
  } finally {
    await admin.end();
  }
}

async function terminatedIdle(url: string, admin: Client): Promise<Error> {
  const idle = await connect(url);
  const pid = await pidOf(idle);
  const ended = new Promise((resolve) => idle.once('end', resolve));
  await admin.query('select pg_terminate_backend($1)', [pid]);
  await ended;
  return rejectionOf(idle.query('select 1'));
}

async function serializationFailure(url: string): Promise<Error> {
  const [first, second] = [await connect(url), await connect(url)];
  try {
    for (const tx of [first, second]) {
      await tx.query('begin isolation level serializable');
      await tx.query('select count(*) from fault_probe');
    }
    await first.query('insert into fault_probe values (10)');
    await second.query('insert into fault_probe values (20)');
    await first.query('commit');
    return await rejectionOf(second.query('commit'));
  } finally {
    await Promise.all([first.end(), second.end()]);
  }
}

async function deadlock(url: string): Promise<Error> {
  const [first, second] = [await connect(url), await connect(url)];
  try {
    await first.query('begin');
    await second.query('begin');
    await first.query('select * from fault_probe where id = 1 for update');
    await second.query('select * from fault_probe where id = 2 for update');
    // Each waits for the other's row; the server ends one of the two with 40P01.
    const crossed = [
      first.query('select * from fault_probe where id = 2 for update'),
      second.query('select * from fault_probe where id = 1 for update'),
    ];
    const victim = await new Promise<Error>((resolve) => crossed.forEach((query) => query.catch(resolve)));
    await Promise.all([first.query('rollback'), second.query('rollback')]);
    await Promise.allSettled(crossed);
    return victim;
  } finally {
    await Promise.all([first.end(), second.end()]);
  }
}
