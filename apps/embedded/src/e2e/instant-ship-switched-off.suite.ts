import { apiClient, instantShipBody, type RuntimeProcess, testClient } from '@shipping/testing';

const UNAVAILABLE_MESSAGE =
  'Instant ship is temporarily unavailable because of a carrier-side issue. Please try again later.';

/** On a runtime started with `INSTANT_SHIP_ENABLED=false`. */
export const instantShipSwitchedOffSuite = (runtimeOf: () => RuntimeProcess) =>
  describe('instant ship switched off (INSTANT_SHIP_ENABLED=false)', () => {
    let runtime: RuntimeProcess;

    beforeAll(() => {
      runtime = runtimeOf();
    });

    it('answers 503 saying why, whatever the body, and buys nothing', async () => {
      const acme = testClient(runtime.baseUrl, 'sk_test_acme');
      const valid = await acme.POST('/parcel-orders/instant-ship', { body: instantShipBody() });
      // A body the document refuses, which the typed client cannot send.
      const nonsense = await apiClient(runtime.baseUrl, 'sk_test_acme').post('/parcel-orders/instant-ship', {
        service: 'nope',
      });
      for (const refused of [
        { status: valid.response.status, body: valid.error, headers: valid.response.headers },
        nonsense,
      ]) {
        expect([refused.status, refused.body]).toEqual([
          503,
          { success: false, message: UNAVAILABLE_MESSAGE },
        ]);
        expect(refused.headers.get('retry-after')).toBe('60');
      }
      expect((await acme.GET('/shippers')).response.status).toBe(200);
    });

    it('still asks for an API key first', async () => {
      // No API key and no body, which the typed client cannot send.
      const anonymous = await fetch(`${runtime.baseUrl}/parcel-orders/instant-ship`, { method: 'POST' });
      expect(anonymous.status).toBe(401);
    });
  });
