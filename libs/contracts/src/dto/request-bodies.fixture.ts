import type { FieldErrors } from '@shipping/contracts-core';
import { validateRequest } from '../validation';

/** Valid wire bodies for the DTO specs, and helpers to vary them one field at a time. */

type Json = Record<string, unknown>;

export const usAddress = (): Json => ({
  name: 'Jane Sender',
  street_1: '350 5th Ave',
  city: 'New York',
  zip: '10118',
  state: 'NY',
  country: 'US',
  telephone: '2125550100',
});

export const deAddress = (): Json => ({
  name: 'Erika Empfänger',
  street_1: 'Unter den Linden 1',
  city: 'Berlin',
  zip: '10117',
  country: 'DE',
  telephone: '493012345678',
});

export const freightItem = (): Json => ({
  count: 2,
  length: 48,
  width: 40,
  height: 50,
  weight: 350.5,
  description: 'Machine parts',
});

export const freightOrder = (): Json => ({
  pickup_date: '2026-12-01',
  from_opening_time: '08:00',
  from_closing_time: '17:00',
  from_address: usAddress(),
  to_opening_time: '09:00',
  to_closing_time: '18:00',
  to_address: { ...usAddress(), name: 'John Receiver', city: 'Boston', state: 'MA', zip: '02108' },
  items: [freightItem()],
});

export const parcelPackage = (): Json => ({ count: 1, length: 10, width: 8, height: 4, weight: 2.5 });

export const customsItem = (): Json => ({
  quantity: 2,
  price: 19.99,
  country_of_manufacture: 'US',
  sku: 'SKU-1',
  hs_code: '6109.10',
  description: 'Cotton t-shirts',
});

export const parcelOrder = (): Json => ({
  from_address: usAddress(),
  to_address: { ...usAddress(), name: 'John Receiver', city: 'Boston', state: 'MA', zip: '02108' },
  package_list: [parcelPackage()],
});

function walk(body: Json, path: string, change: (parent: Json, key: string) => void): Json {
  const copy = structuredClone(body);
  const keys = path.split('.');
  const last = keys.pop() as string;
  const parent = keys.reduce<Json>((node, key) => node[key] as Json, copy);
  change(parent, last);
  return copy;
}

/** A copy of `body` with the value at a dotted path (`items.0.price`) replaced. */
export const withField = (body: Json, path: string, value: unknown): Json =>
  walk(body, path, (parent, key) => {
    parent[key] = value;
  });

/** A copy of `body` without the value at a dotted path. */
export const withoutField = (body: Json, path: string): Json =>
  walk(body, path, (parent, key) => {
    delete parent[key];
  });

export function errorsOf<T extends object>(cls: new () => T, body: unknown): FieldErrors {
  const result = validateRequest(cls, body);
  if (result.ok) throw new Error('expected validation errors, the body passed');
  return result.errors;
}

export function validated<T extends object>(cls: new () => T, body: unknown): T {
  const result = validateRequest(cls, body);
  if (!result.ok) throw new Error(`expected a valid body, got ${JSON.stringify(result.errors)}`);
  return result.value;
}
