import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  asyncApiText,
  generateAsyncApiDocument,
  generateEventSchemas,
  incompatibleChanges,
} from '@shipping/platform/event-schemas';
import { EMBEDDED_APP_EVENTS } from '../embedded-app-events';

export const EVENT_DOCS_DIR = join(__dirname, '../../../../docs/events');

/** docs/asyncapi.yaml: the topics, keys and messages, each payload a schema of EVENT_DOCS_DIR. */
export const ASYNCAPI_FILE = join(EVENT_DOCS_DIR, '../asyncapi.yaml');

export const schemaText = (schema: unknown) => `${JSON.stringify(schema, null, 2)}\n`;

/** `node -r ./tools/ts-runtime/register.js apps/embedded/src/public-events/write-event-schemas.ts` */
if (require.main === module) {
  const generated = generateEventSchemas(EMBEDDED_APP_EVENTS);
  // A published version is never rewritten incompatibly: such a change is a new version of the event.
  const breaks = generated.flatMap(({ path, schema }) => {
    const target = join(EVENT_DOCS_DIR, path);
    if (!existsSync(target)) return [];
    const published = JSON.parse(readFileSync(target, 'utf8'));
    return incompatibleChanges(published, schema as never).map((change) => `${path}: ${change}`);
  });
  if (breaks.length > 0) {
    process.stderr.write(`Incompatible with the published schemas, nothing written:\n${breaks.join('\n')}\n`);
    process.exit(1);
  }
  for (const { path, schema } of generated) {
    const target = join(EVENT_DOCS_DIR, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, schemaText(schema));
    process.stdout.write(`${path}\n`);
  }
  writeFileSync(ASYNCAPI_FILE, asyncApiText(generateAsyncApiDocument(EMBEDDED_APP_EVENTS, generated)));
  process.stdout.write('../asyncapi.yaml\n');
}
