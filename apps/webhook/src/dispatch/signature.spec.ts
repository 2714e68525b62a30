import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { signatureHeader, signatureHeaders, standardSignature } from './signature';

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

describe('Standard Webhooks signature', () => {
  it('matches the example of the Standard Webhooks specification', () => {
    expect(
      standardSignature(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1_614_265_330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('shares its header with the t=,v1= signature, and both verify from the one value', () => {
    const secret = `whsec_${'ab12'.repeat(16)}`;
    const body = '{"shipment_order_id":7}';
    const now = Math.floor(Date.now() / 1000);
    const headers = signatureHeaders(secret, 'whd_1', now, body);
    expect(headers['Webhook-Id']).toBe('whd_1');
    expect(headers['Webhook-Timestamp']).toBe(String(now));
    expect(new Webhook(secret).verify(body, headers)).toEqual({ shipment_order_id: 7 });
    const [t, v1] = headers['Webhook-Signature'].split(',').map((part) => part.split('=')[1]);
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });
});
