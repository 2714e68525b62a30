import { type RuntimeProcess, testClient } from '@shipping/testing';

const INVALID = 'The given data was invalid.';

/** On a runtime started with `WEBHOOK_ALLOW_PRIVATE_TARGETS=false`. */
export const internalWebhookTargetsSuite = (runtimeOf: () => RuntimeProcess) =>
  describe('webhook endpoints when internal targets are not allowed', () => {
    it.each([
      'http://127.0.0.1:8080/hooks',
      'http://localhost/hooks',
      'http://[::1]/hooks',
      'http://169.254.169.254/latest/meta-data',
    ])('refuses to register %s with 422 on url', async (url) => {
      const refused = await testClient(runtimeOf().baseUrl, 'sk_test_acme').POST('/webhooks', {
        body: { url },
      });
      expect(refused.response.status).toBe(422);
      expect(refused.error).toEqual({
        success: false,
        message: INVALID,
        data: {
          url: [
            'The url must point to a public address: hosts that do not resolve, and loopback, private or otherwise internal addresses, are refused.',
          ],
        },
      });
    });
  });
