import { SerialisedSuccess, weakEtag } from './serialised-success';

/** Tags Express 5 (`etag` 1.8) gave these bodies: clients holding them keep revalidating with 304s. */
const EXPRESS_TAGS: [string | Buffer, string][] = [
  ['', 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"'],
  ['{}', 'W/"2-vyGp6PvFo4RvsFtPoIWeCReyIC8"'],
  ['{"success":true,"data":"ü"}', 'W/"1c-//kOqhO6ktfDrOLB1EAm+AxP6tg"'],
  ['x'.repeat(20_000), 'W/"4e20-LL6ApKRwo3ngNUa17VBGUBS76DA"'],
  [Buffer.from([0, 255, 1, 2]), 'W/"4-4Qd2GF3naZGeLvGqHz5AbMcMRn8"'],
];

describe('a serialised success envelope', () => {
  it('holds the envelope JSON.stringify gives and the tag Express gave that body', () => {
    const data = { id: 'Bt7', items: [{ name: 'Zoë', note: '✓ packed' }], labels: [] };
    const answer = new SerialisedSuccess(data);

    expect(answer.text).toBe(JSON.stringify({ success: true, data }));
    expect(answer.etag).toBe('W/"5e-JIU4dqvkmU8LVem6JoP/BaflKxY"');
  });

  it('tags bodies by their bytes', () => {
    for (const [body, tag] of EXPRESS_TAGS) expect(weakEtag(body)).toBe(tag);
    expect(weakEtag('{"a":1}')).not.toBe(weakEtag('{"a":2}'));
  });
});
