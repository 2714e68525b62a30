import { incompatibleChanges } from './schema-compatibility';

const published = {
  type: 'object',
  required: ['id', 'data'],
  properties: {
    id: { type: 'string' },
    data: {
      type: 'object',
      required: ['status', 'count'],
      properties: {
        status: { enum: ['ready', 'completed'] },
        count: { type: 'number' },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
      },
    },
  },
};

/** The published schema with one change made to a copy of it. */
const changed = (change: (schema: any) => void) => {
  const copy = structuredClone(published) as any;
  change(copy);
  return copy;
};

describe('the compatibility of an event schema with its published version', () => {
  it('finds none of a schema unchanged', () => {
    expect(incompatibleChanges(published, published)).toEqual([]);
  });

  it('names a removed field, a narrowed type, a new required field and a removed enum value', () => {
    expect(
      incompatibleChanges(
        published,
        changed((s) => delete s.properties.data.properties.note),
      ),
    ).toEqual(['data.note: field removed']);
    expect(
      incompatibleChanges(
        published,
        changed((s) => (s.properties.data.properties.note = { type: 'string' })),
      ),
    ).toEqual(['data.note: type narrowed, null no longer allowed']);
    expect(
      incompatibleChanges(
        published,
        changed((s) => (s.properties.data.properties.count = { type: 'integer' })),
      ),
    ).toEqual(['data.count: type narrowed, number no longer allowed']);
    expect(
      incompatibleChanges(
        published,
        changed((s) => {
          s.properties.data.properties.mode = { type: 'string' };
          s.properties.data.required.push('mode');
        }),
      ),
    ).toEqual(['data.mode: new required field without a default']);
    expect(
      incompatibleChanges(
        published,
        changed((s) => (s.properties.data.properties.status.enum = ['ready'])),
      ),
    ).toEqual(['data.status: enum value "completed" removed']);
    expect(
      incompatibleChanges(
        published,
        changed((s) => delete s.properties.data.properties.items.items.properties.sku),
      ),
    ).toEqual(['data.items[].sku: field removed']);
  });

  it("names what breaks the topic's consumers: a type widened, an enum value added, a field no longer required", () => {
    expect(
      incompatibleChanges(
        published,
        changed((s) => (s.properties.data.properties.count = { type: ['number', 'string'] })),
      ),
    ).toEqual(['data.count: type widened, string now allowed']);
    expect(
      incompatibleChanges(
        published,
        changed((s) => s.properties.data.properties.status.enum.push('failed')),
      ),
    ).toEqual(['data.status: enum value "failed" added']);
    expect(
      incompatibleChanges(
        published,
        changed((s) => (s.properties.data.required = ['status'])),
      ),
    ).toEqual(['data.count: no longer required']);
  });

  it('passes added optional fields, new required fields with a default and changed descriptions', () => {
    const compatible = changed((s) => {
      const data = s.properties.data;
      data.properties.carrier = { type: 'string' };
      data.properties.mode = { type: 'string', default: 'test' };
      data.required.push('mode');
      data.properties.note.description = 'A free note.';
      data.properties.items.items.properties.quantity = { type: 'integer' };
    });
    expect(incompatibleChanges(published, compatible)).toEqual([]);
  });
});
