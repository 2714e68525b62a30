import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  WEBHOOK_BATCH_EVENT_TYPES,
  WEBHOOK_DATA_FIELDS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  batchWebhookTypeOf,
  isWebhookEventType,
} from './webhook-event-types';

const rows = Object.entries(WEBHOOK_EVENTS);
const webhooksPage = readFileSync(join(__dirname, '../../../../docs/webhooks.md'), 'utf8');

/** The cells of the rows of the markdown table under `heading`, first cell without its backticks. */
function tableUnder(heading: string): string[][] {
  const section = webhooksPage.split(`\n## ${heading}\n`)[1].split('\n## ')[0];
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim()),
    );
}

describe('the table of webhook event types', () => {
  it('is the list of types an endpoint can subscribe to', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual(rows.map(([type]) => type));
    for (const [type] of rows) expect(isWebhookEventType(type)).toBe(true);
    expect(isWebhookEventType('batch.done')).toBe(false);
  });

  it('maps each trigger of a batch body to its type, and nothing else', () => {
    const batchRows = rows.filter(([, row]) => row.body === 'batch');
    expect(WEBHOOK_BATCH_EVENT_TYPES).toEqual(batchRows.map(([type]) => type));
    for (const [type, row] of batchRows)
      for (const trigger of row.triggers) expect(batchWebhookTypeOf(trigger)).toBe(type);
    expect(batchWebhookTypeOf('ItemCompleted')).toBeUndefined();
    expect(batchWebhookTypeOf('BatchCreated')).toBeUndefined();
  });

  it('names each data field by one batch type at least, and each field says which', () => {
    const named = rows.flatMap(([type, row]) =>
      ('dataFields' in row ? row.dataFields : []).map((field) => [field, type] as const),
    );
    expect(new Set(named.map(([field]) => field))).toEqual(new Set(Object.keys(WEBHOOK_DATA_FIELDS)));
    for (const [field, type] of named)
      expect(WEBHOOK_DATA_FIELDS[field].description).toContain(`\`${type}\``);
  });

  it('is what docs/webhooks.md lists: a row per type, and the body fields of each', () => {
    expect(new Set(tableUnder('Event types').map(([type]) => type))).toEqual(
      new Set(WEBHOOK_EVENT_TYPES.map((type) => `\`${type}\``)),
    );
    const fields = new Map(tableUnder('Bodies').map(([field, types]) => [field, types]));
    for (const [type, row] of rows)
      for (const field of 'dataFields' in row ? row.dataFields : [])
        expect(fields.get(`\`${field}\``)).toContain(`\`${type}\``);
    expect(webhooksPage).toContain(`Known types: ${WEBHOOK_EVENT_TYPES.join(', ')}.`);
  });
});
