import express from 'express';
import { SerialisedSuccess, weakEtag } from './serialised-success';

describe('a serialised success envelope', () => {
  const expressTag = express().get('etag fn') as (body: string, encoding: string) => string;

  it('holds the envelope JSON.stringify gives and the tag Express gives that body', () => {
    const data = { id: 'Bt7', items: [{ name: 'Zoë', note: '✓ packed' }], labels: [] };
    const answer = new SerialisedSuccess(data);

    expect(answer.text).toBe(JSON.stringify({ success: true, data }));
    expect(answer.etag).toBe(expressTag(answer.text, 'utf8'));
  });

  it('tags bodies by their bytes', () => {
    for (const text of ['', '{}', '{"success":true,"data":"ü"}', 'x'.repeat(20_000)]) {
      expect(weakEtag(text)).toBe(expressTag(text, 'utf8'));
    }
    expect(weakEtag('{"a":1}')).not.toBe(weakEtag('{"a":2}'));
  });
});
