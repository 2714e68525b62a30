import { signatureHeader } from './signature';

describe('Webhook-Signature', () => {
  it('is t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>"> keyed with the whole secret', () => {
    // Computed independently: printf '%s' '1700000000.{"shipment_order_id":1}' | openssl dgst -sha256 -hmac 'whsec_test'
    expect(signatureHeader('whsec_test', '{"shipment_order_id":1}', 1_700_000_000)).toBe(
      't=1700000000,v1=a0e14e8d38c36e070236af5ca2c5f97f507e3f702a5d0eebe1800ba8ec1e375b',
    );
  });

  it('changes with the body, the time and the secret', () => {
    const base = signatureHeader('whsec_a', '{}', 1);
    expect(signatureHeader('whsec_a', '{ }', 1)).not.toBe(base);
    expect(signatureHeader('whsec_a', '{}', 2).split(',v1=')[1]).not.toBe(base.split(',v1=')[1]);
    expect(signatureHeader('whsec_b', '{}', 1)).not.toBe(base);
  });
});
