import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { asyncApiText, generateAsyncApiDocument } from './asyncapi-document';
import { generateEventSchemas } from './event-schemas';

export const EVENT_DOCS_DIR = join(__dirname, '../../../../../docs/events');

/** docs/asyncapi.yaml: the topics, keys and messages, each payload a schema of EVENT_DOCS_DIR. */
export const ASYNCAPI_FILE = join(EVENT_DOCS_DIR, '../asyncapi.yaml');

export const schemaText = (schema: unknown) => `${JSON.stringify(schema, null, 2)}\n`;

/** `node -r ./tools/ts-runtime/register.js libs/platform/src/public-events/schemas/write-event-schemas.ts` */
if (require.main === module) {
  for (const { path, schema } of generateEventSchemas()) {
    const target = join(EVENT_DOCS_DIR, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, schemaText(schema));
    process.stdout.write(`${path}\n`);
  }
  writeFileSync(ASYNCAPI_FILE, asyncApiText(generateAsyncApiDocument()));
  process.stdout.write('../asyncapi.yaml\n');
}
