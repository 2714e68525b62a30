import { createHash } from 'node:crypto';
import { readMessageSecrets } from '@shipping/platform/secrets';
import request from 'supertest';
import { IDEMPOTENCY_TABLE } from './idempotency/idempotency-store';
import { ACME, createHttpTestApp, type HttpTestApp, STARTUP_TIMEOUT_MS, TINY } from './testing/http-test-app';

describe('Idempotency-Key', () => {
  let harness: HttpTestApp;
  let http: () => ReturnType<typeof request>;
  let keys = 0;
  const freshKey = () => `key-${++keys}-${Date.now()}`;

  beforeAll(async () => {
    harness = await createHttpTestApp();
    http = () => request(harness.app.getHttpServer());
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => harness?.close());

  const runs = (name: string) => harness.invocations.of(name);

  it('answers a repeat with the first status and body, without running the handler again', async () => {
    const key = freshKey();
    const before = runs('orders');
    const first = await http()
      .post('/orders')
      .set(ACME)
      .set('Idempotency-Key', key)
      .send({ weight: 1 })
      .expect(201);
    const repeat = await http()
      .post('/orders')
      .set(ACME)
      .set('Idempotency-Key', key)
      .send({ weight: 1 })
      .expect(201);

    expect(repeat.body).toEqual(first.body);
    expect(first.body.message).toBe('Order created.');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(runs('orders')).toBe(before + 1);
  });

  it('replays the status the handler chose', async () => {
    const key = freshKey();
    await http().post('/actions').set(ACME).set('Idempotency-Key', key).expect(200);
    const repeat = await http().post('/actions').set(ACME).set('Idempotency-Key', key).expect(200);
    expect(repeat.body).toEqual({ success: true, data: { done: true } });
  });

  it('runs the handler every time without a key', async () => {
    const before = runs('orders');
    await http().post('/orders').set(ACME).send({ weight: 1 }).expect(201);
    await http().post('/orders').set(ACME).send({ weight: 1 }).expect(201);
    expect(runs('orders')).toBe(before + 2);
  });

  it('refuses the same key with a different body with 422, without running the handler', async () => {
    const key = freshKey();
    await http().post('/orders').set(ACME).set('Idempotency-Key', key).send({ weight: 1 }).expect(201);
    const before = runs('orders');
    const other = await http()
      .post('/orders')
      .set(ACME)
      .set('Idempotency-Key', key)
      .send({ weight: 2 })
      .expect(422);
    expect(other.body).toEqual({
      success: false,
      message: 'This Idempotency-Key was already used with a different request.',
    });
    expect(runs('orders')).toBe(before);
  });

  it('refuses the same key on another path with 422', async () => {
    const key = freshKey();
    await http().post('/actions').set(ACME).set('Idempotency-Key', key).expect(200);
    await http().post('/orders').set(ACME).set('Idempotency-Key', key).expect(422);
  });

  it('runs the handler once for five concurrent duplicates', async () => {
    const key = freshKey();
    const before = runs('orders');
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        http().post('/orders').set(ACME).set('Idempotency-Key', key).send({ weight: 5 }),
      ),
    );

    expect(runs('orders')).toBe(before + 1);
    const ran = responses.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined);
    expect(ran).toHaveLength(1);
    for (const response of responses) {
      if (response.status === 409) {
        expect(response.body).toEqual({
          success: false,
          message: 'A request with this Idempotency-Key is still being processed.',
        });
      } else {
        expect(response.status).toBe(201);
        expect(response.body).toEqual(ran[0].body);
      }
    }
  });

  it('stores a 4xx outcome and replays it', async () => {
    const key = freshKey();
    const before = runs('rejected');
    const first = await http().post('/rejected').set(ACME).set('Idempotency-Key', key).expect(409);
    const repeat = await http().post('/rejected').set(ACME).set('Idempotency-Key', key).expect(409);
    expect(repeat.body).toEqual(first.body);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(runs('rejected')).toBe(before + 1);
  });

  it('releases the key after a 5xx, so a retry does the work, and then replays that', async () => {
    const key = freshKey();
    await http().post('/flaky').set(ACME).set('Idempotency-Key', key).expect(503);
    const retry = await http().post('/flaky').set(ACME).set('Idempotency-Key', key).expect(201);
    const repeat = await http().post('/flaky').set(ACME).set('Idempotency-Key', key).expect(201);

    expect(retry.body).toEqual({ success: true, data: { run: 2 } });
    expect(repeat.body).toEqual(retry.body);
    expect(runs('flaky')).toBe(2);
  });

  it('releases the key after an unexpected error', async () => {
    const key = freshKey();
    await http().post('/crash').set(ACME).set('Idempotency-Key', key).expect(500);
    const { rows } = await harness.sql.query(
      `select 1 from ${IDEMPOTENCY_TABLE} where idempotency_key = $1`,
      [key],
    );
    expect(rows).toHaveLength(0);
  });

  it('scopes keys to the account', async () => {
    const key = freshKey();
    const before = runs('orders');
    const acme = await http()
      .post('/orders')
      .set(ACME)
      .set('Idempotency-Key', key)
      .send({ weight: 1 })
      .expect(201);
    const tiny = await http()
      .post('/orders')
      .set(TINY)
      .set('Idempotency-Key', key)
      .send({ weight: 1 })
      .expect(201);

    expect(runs('orders')).toBe(before + 2);
    expect(acme.body.data.accountId).toBe('acct_acme');
    expect(tiny.body.data.accountId).toBe('acct_tiny');
    expect(tiny.headers['idempotent-replayed']).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['longer than 255 characters', 'k'.repeat(256)],
    ['not ASCII', 'clé'],
  ])('refuses a key that is %s with 400, without running the handler', async (_case, key) => {
    const before = runs('orders');
    const response = await http().post('/orders').set(ACME).set('Idempotency-Key', key).send({}).expect(400);
    expect(response.body).toEqual({
      success: false,
      message: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
    });
    expect(runs('orders')).toBe(before);
  });

  it('keeps a keyed fingerprint of the request, never its body nor a plain hash of it', async () => {
    const key = freshKey();
    const body = { weight: 1, credentials: { password: 'correct horse battery staple' } };
    await http().post('/orders').set(ACME).set('Idempotency-Key', key).send(body).expect(201);
    const text = `POST /orders\n${JSON.stringify(body)}`;
    const { rows } = await harness.sql.query<{ request_hash: string }>(
      `select request_hash from ${IDEMPOTENCY_TABLE} where idempotency_key = $1`,
      [key],
    );
    expect(rows).toEqual([
      { request_hash: readMessageSecrets().fingerprints(text, 'gateway idempotency request')[0] },
    ]);
    expect(rows[0].request_hash).not.toContain(createHash('sha256').update(text).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain('battery');
    const repeat = await http().post('/orders').set(ACME).set('Idempotency-Key', key).send(body).expect(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    const otherPassword = { ...body, credentials: { password: 'Tr0ub4dor&3' } };
    await http().post('/orders').set(ACME).set('Idempotency-Key', key).send(otherPassword).expect(422);
  });

  it('replays a key kept as the plain hash earlier versions stored, until it expires', async () => {
    const key = freshKey();
    await http().post('/orders').set(ACME).set('Idempotency-Key', key).send({ weight: 3 }).expect(201);
    const plain = createHash('sha256')
      .update(`POST /orders\n${JSON.stringify({ weight: 3 })}`)
      .digest('hex');
    await harness.sql.query(`update ${IDEMPOTENCY_TABLE} set request_hash = $2 where idempotency_key = $1`, [
      key,
      plain,
    ]);
    const before = runs('orders');
    const repeat = await http()
      .post('/orders')
      .set(ACME)
      .set('Idempotency-Key', key)
      .send({ weight: 3 })
      .expect(201);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(runs('orders')).toBe(before);
    await http().post('/orders').set(ACME).set('Idempotency-Key', key).send({ weight: 4 }).expect(422);
  });

  it('accepts a key of 255 printable characters', async () => {
    await http()
      .post('/actions')
      .set(ACME)
      .set('Idempotency-Key', `${'k'.repeat(250)} !~#$`)
      .expect(200);
  });
});
