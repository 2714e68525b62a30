import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { bundleEvent, canonicalJson, eventHash, type RecordedEvent } from '@shipping/event-store';

const ROOT = join(__dirname, '..', '..');

/** Runs one export of tools/audit-verify/verify.mjs over JSON texts, in plain node as an auditor would. */
function standalone(name: 'canonicalize' | 'eventHash', texts: string[]): string[] {
  const script = `import { ${name} } from './tools/audit-verify/verify.mjs';
    const texts = JSON.parse(process.argv[1]);
    process.stdout.write(JSON.stringify(texts.map((text) => {
      const value = JSON.parse(text);
      return ${name === 'canonicalize' ? 'canonicalize(value)' : 'eventHash(value, value.previousHashForSpec)'};
    })));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(texts)], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout) as string[];
}

/** JSON texts as a bundle carries them: numbers ECMAScript writes in exponent form, -0, unicode, nesting. */
const TEXTS = [
  '{"b":1e21,"a":0.1,"c":-0,"d":1e-7,"e":0.000001,"f":123456789012345680000,"g":5e-324,"h":-1.7976931348623157e308}',
  '{"€":1,"\\ud83d\\ude00":2,"a":3,"A":4,"\\u0080":5,"\\ufb33":6,"é":7}',
  '{"text":"café \\u2028 \\u0007 \\"quoted\\" \\\\ tab\\t 😀 \\u00e9","nested":{"z":[1,{"y":null,"x":[true,false]}],"a":{}},"empty":[]}',
  '[1, 2.50, 3e2, -4E-2, "x"]',
  '"\\u001f"',
  '{"n":9007199254740993}',
];

describe('the standalone verifier: RFC 8785 with the standard library alone', () => {
  it('writes the canonical text the service writes, byte for byte', () => {
    expect(standalone('canonicalize', TEXTS)).toEqual(TEXTS.map((text) => canonicalJson(JSON.parse(text))));
  });

  it('writes numbers as ECMAScript does, keys sorted by UTF-16 code units', () => {
    expect(standalone('canonicalize', [TEXTS[0], TEXTS[1]])).toEqual([
      '{"a":0.1,"b":1e+21,"c":0,"d":1e-7,"e":0.000001,"f":123456789012345680000,"g":5e-324,"h":-1.7976931348623157e+308}',
      '{"A":4,"a":3,"\u0080":5,"é":7,"€":1,"😀":2,"דּ":6}',
    ]);
  });

  it("recomputes the service's hash of each exported event", () => {
    const events = TEXTS.map((text, n): RecordedEvent => ({
      id: `e${n}`,
      streamName: 'order-ü1',
      revision: BigInt(n),
      position: { commit: BigInt(n), prepare: BigInt(n) },
      type: 'ThingHappened',
      version: n + 1,
      data: JSON.parse(text) as unknown,
      metadata: { accountId: 'acct_acme', nested: { unicode: 'ñ', big: 1e21 } },
      createdAt: new Date(0),
    }));
    const previousHash = (n: number) => (n === 0 ? null : 'f'.repeat(64));
    const service = events.map((event, n) => eventHash({ ...event, previousHash: previousHash(n) }));

    const lines = events.map((event, n) =>
      JSON.stringify({ ...bundleEvent(event), previousHashForSpec: previousHash(n) }),
    );

    expect(standalone('eventHash', lines)).toEqual(service);
  });
});
