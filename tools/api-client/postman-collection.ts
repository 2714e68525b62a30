import type { OpenAPIObject } from '@nestjs/swagger';
import { convert } from 'openapi-to-postmanv2';

/**
 * Postman's ids are random, and its example answers repeat the document at length: both dropped,
 * so the collection holds the requests and the same document gives the same collection.
 */
const DROPPED = new Set(['id', '_postman_id', 'response']);

function withoutRandomIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRandomIds);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !DROPPED.has(key))
      .map(([key, child]) => [key, withoutRandomIds(child)]),
  );
}

/** Requests inherit the collection's bearer key; the variables point at `npm start` with a sandbox key. */
function withSandboxAuth(collection: Record<string, unknown>): Record<string, unknown> {
  const inherit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inherit);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, child]) => !(key === 'auth' && child === null))
        .map(([key, child]) => [key, inherit(child)]),
    );
  };
  return {
    ...(inherit(collection) as Record<string, unknown>),
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{apiKey}}', type: 'string' }] },
    variable: [
      { key: 'baseUrl', value: 'http://127.0.0.1:3000', type: 'string' },
      { key: 'apiKey', value: 'sk_test_acme', type: 'string' },
    ],
  };
}

/** A fixed sequence for the schema faker the converter fills request bodies with (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Postman collection of the document's operations, grouped by path, with `{{baseUrl}}` and bearer auth. */
export function postmanCollection(document: OpenAPIObject): Promise<unknown> {
  const random = Math.random;
  Math.random = seededRandom(1);
  return new Promise<unknown>((resolve, reject) => {
    convert(
      { type: 'json', data: structuredClone(document) as never },
      {
        folderStrategy: 'Paths',
        parametersResolution: 'Schema',
        requestParametersResolution: 'Schema',
        exampleParametersResolution: 'Schema',
        includeAuthInfoInExample: false,
      },
      (error, result) => {
        if (error) return reject(error);
        const collection = result?.result ? result.output?.[0]?.data : undefined;
        if (!collection) return reject(new Error(`Postman conversion failed: ${result?.reason}`));
        resolve(withSandboxAuth(withoutRandomIds(collection) as Record<string, unknown>));
      },
    );
  }).finally(() => {
    Math.random = random;
  });
}
