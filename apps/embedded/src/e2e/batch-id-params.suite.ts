import { apiClient, type RuntimeProcess } from '@shipping/testing';

/** Path ids that are no batch id of ours: NUL, control and non-ASCII text, too long. */
const NOT_BATCH_IDS = ['%00', 'abc%00def', '%E2%80%AE', '%0A', 'x'.repeat(65)];
/** Escapes that decode to no UTF-8 text: the router refuses them before any handler. */
const UNDECODABLE = ['%C0%80', '%FF', '%E0%80', '%ED%A0%80'];

/** Reads nothing and stores nothing: every id it sends is none of a batch. */
export const batchIdParamsSuite = (runtimeOf: () => RuntimeProcess) =>
  describe('batch ids in the path', () => {
    let acme: ReturnType<typeof apiClient>;

    beforeAll(() => {
      acme = apiClient(runtimeOf().baseUrl, 'sk_test_acme');
    });

    // Escapes sent as they are: the typed client would escape the `%` of a path parameter again.
    const routes: [string, (id: string) => Promise<{ status: number; body: any }>][] = [
      ['GET /batches/{id}', (id) => acme.get(`/batches/${id}`)],
      ['GET /batches/{id}/events', (id) => acme.get(`/batches/${id}/events`)],
      ['POST /batches/{id}/ship', (id) => acme.post(`/batches/${id}/ship`)],
    ];

    it.each(routes)('%s answers 404 in the envelope for ids that are no batch id', async (_route, call) => {
      const answers = await Promise.all(NOT_BATCH_IDS.map(async (id) => ({ id, ...(await call(id)) })));
      expect(answers.map(({ id, status, body }) => ({ id, status, body }))).toEqual(
        NOT_BATCH_IDS.map((id) => ({
          id,
          status: 404,
          body: { success: false, message: 'Batch not found.' },
        })),
      );
    });

    it.each(routes)('%s answers 400 in the envelope for escapes that are no UTF-8', async (_route, call) => {
      const answers = await Promise.all(UNDECODABLE.map(async (id) => ({ id, ...(await call(id)) })));
      expect(answers.map(({ id, status, body }) => ({ id, status, success: body?.success }))).toEqual(
        UNDECODABLE.map((id) => ({ id, status: 400, success: false })),
      );
    });
  });
