import { createHash } from 'node:crypto';
import { chainedText, chainHashes, eventHash } from './event-hash';

/** The vectors are written out by hand as RFC 8785 text and hashed here, not by the code under test. */
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const drafted = {
  streamName: 'order-1',
  revision: 0n,
  type: 'OrderDrafted',
  version: 1,
  data: { weight: 1.5, to: { zip: '10118', city: 'New York' } },
  metadata: { correlationId: 'c-1' },
  previousHash: null,
};
const draftedText =
  '{"data":{"to":{"city":"New York","zip":"10118"},"weight":1.5},"metadata":{"correlationId":"c-1"},' +
  '"previousHash":null,"revision":"0","stream":"order-1","type":"OrderDrafted","version":1}';

describe('eventHash', () => {
  it('hashes the RFC 8785 text of stream, revision, type, version, data, metadata and the previous hash', () => {
    expect(chainedText(drafted)).toBe(draftedText);
    expect(eventHash(drafted)).toBe(sha256(draftedText));
    expect(eventHash(drafted)).toBe('787f589aa0b8db340cc9009f5c33b9f43a860aa88dcadad4d8d02ced178e38f8');
  });

  it('writes numbers as ECMAScript does and orders keys by UTF-16 code units, as RFC 8785 asks', () => {
    const fields = {
      ...drafted,
      revision: 9007199254740993n,
      data: { '€': 1e21, '\r': 0.000001, b: 1e-7, a: [true, null, 'é'] },
      metadata: {},
      previousHash: 'ab'.repeat(32),
    };
    const text =
      '{"data":{"\\r":0.000001,"a":[true,null,"é"],"b":1e-7,"€":1e+21},"metadata":{},' +
      `"previousHash":"${'ab'.repeat(32)}","revision":"9007199254740993","stream":"order-1","type":"OrderDrafted","version":1}`;

    expect(eventHash(fields)).toBe(sha256(text));
  });

  it('refuses what JSON cannot hold rather than hashing a stand-in for it', () => {
    expect(() => eventHash({ ...drafted, data: { weight: Number.NaN } })).toThrow();
    expect(() => eventHash({ ...drafted, data: { weight: 1n } })).toThrow();
  });

  it('changes with any covered field', () => {
    const base = eventHash(drafted);
    expect(eventHash({ ...drafted, revision: 1n })).not.toBe(base);
    expect(eventHash({ ...drafted, data: { weight: 1.6, to: drafted.data.to } })).not.toBe(base);
    expect(eventHash({ ...drafted, metadata: {} })).not.toBe(base);
    expect(eventHash({ ...drafted, version: 2 })).not.toBe(base);
    expect(eventHash({ ...drafted, previousHash: base })).not.toBe(base);
  });

  it('chains the events of one append, each to the hash before it', () => {
    const second = { type: 'OrderPlaced', version: 1, data: {}, metadata: {} };
    const [first, next] = chainHashes('order-1', { revision: -1n, hash: null }, [drafted, second]);
    const secondText = `{"data":{},"metadata":{},"previousHash":"${first}","revision":"1","stream":"order-1","type":"OrderPlaced","version":1}`;

    expect(first).toBe(sha256(draftedText));
    expect(next).toBe(sha256(secondText));
  });
});
