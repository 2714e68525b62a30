import * as history from '@shipping/batch-domain/src/batches/batch-history.fixture';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Upcasters } from '@shipping/event-store';
import { type MessageInterface, Parser, fromFile } from '@asyncapi/parser';
import {
  asyncApiText,
  generateAsyncApiDocument,
  generateEventSchemas,
  incompatibleChanges,
  JSON_SCHEMA_2020_12,
  jsonSchema2020Parser,
  KAFKA_HEADERS_SCHEMA,
} from '@shipping/platform/event-schemas';
import {
  eventSchemaPath,
  publicEventType as publicEventTypeOf,
  publishedCategory,
  toCloudEvent,
} from '@shipping/platform/public-events';
import { EMBEDDED_APP_EVENTS } from '../embedded-app-events';
import { ASYNCAPI_FILE, EVENT_DOCS_DIR, schemaText } from './write-event-schemas';

const PUBLISHED_CATEGORIES = EMBEDDED_APP_EVENTS.published;
const eventUpcasters = () => new Upcasters(EMBEDDED_APP_EVENTS.upcasters);

const schemaFilesOnDisk = (dir = EVENT_DOCS_DIR): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? schemaFilesOnDisk(join(dir, entry.name))
      : entry.name.endsWith('.schema.json')
        ? [relative(EVENT_DOCS_DIR, join(dir, entry.name))]
        : [],
  );

const batchCategory = publishedCategory(PUBLISHED_CATEGORIES, 'batch');

const recorded = (event: { type: string; data: unknown }, revision: number) => ({
  id: `00000000-0000-4000-8000-${String(revision).padStart(12, '0')}`,
  streamName: `batch-${history.BATCH}`,
  revision: BigInt(revision),
  position: { commit: BigInt(revision), prepare: BigInt(revision) },
  type: event.type,
  version: eventUpcasters().latestVersion(event.type),
  data: event.data,
  metadata: { correlationId: 'req-1', causationId: 'req-1', accountId: history.ACCOUNT },
  createdAt: new Date(history.now),
});

describe('the JSON Schemas of the public events (docs/events)', () => {
  const generated = generateEventSchemas(EMBEDDED_APP_EVENTS);
  const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
  for (const { schema } of generated) ajv.addSchema(schema);
  const validatorOf = (dataschema: string) => {
    const validate = ajv.getSchema(dataschema);
    if (!validate) throw new Error(`No schema ${dataschema}`);
    return validate;
  };

  it('are exactly what the event types generate: run write-event-schemas.ts after changing an event', () => {
    expect(schemaFilesOnDisk().sort()).toEqual(generated.map(({ path }) => path).sort());
    for (const { path, schema } of generated) {
      expect(`${path}\n${readFileSync(join(EVENT_DOCS_DIR, path), 'utf8')}`).toBe(
        `${path}\n${schemaText(schema)}`,
      );
    }
  });

  it('are described by docs/asyncapi.yaml as it is generated: run write-event-schemas.ts after changing an event', () => {
    expect(readFileSync(ASYNCAPI_FILE, 'utf8')).toBe(
      asyncApiText(generateAsyncApiDocument(EMBEDDED_APP_EVENTS, generated)),
    );
  });

  /** A multi-format payload's schema, as parsed from its `schema`. */
  const payloadSchema = (message: MessageInterface) =>
    (message.payload()?.json() as { schema: { $id: string; title: string } }).schema;

  // One parser and one parse of docs/asyncapi.yaml for the file: each costs seconds of CPU
  // (the parser's rulesets), and no test changes the document it reads.
  let asyncApiParser: Parser | undefined;
  const parserFor2020Schemas = () => {
    if (!asyncApiParser) {
      asyncApiParser = new Parser();
      asyncApiParser.registerSchemaParser(jsonSchema2020Parser());
    }
    return asyncApiParser;
  };

  const parseAsyncApiFile = async () => {
    const { document, diagnostics } = await fromFile(parserFor2020Schemas(), ASYNCAPI_FILE).parse();
    const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 0);
    if (!document || errors.length > 0)
      throw new Error(
        `docs/asyncapi.yaml: ${JSON.stringify(errors.map(({ message, path }) => ({ message, path })))}`,
      );
    return document;
  };
  let asyncApiDocument: ReturnType<typeof parseAsyncApiFile> | undefined;
  const parsedAsyncApi = () => (asyncApiDocument ??= parseAsyncApiFile());

  it('make docs/asyncapi.yaml a valid AsyncAPI 3.0 document: one channel per topic, one message per published type', async () => {
    const document = await parsedAsyncApi();
    expect(document.version()).toBe('3.0.0');
    const upcasters = eventUpcasters();
    const described = document
      .channels()
      .all()
      .map((channel) => ({
        topic: channel.address(),
        types: channel
          .messages()
          .all()
          .map((message) => payloadSchema(message).title),
      }));
    expect(described).toEqual(
      PUBLISHED_CATEGORIES.map((category) => ({
        topic: `shipping.${category.context}.events`,
        types: category.types.map((type) =>
          publicEventTypeOf(category.context, type, upcasters.latestVersion(type)),
        ),
      })),
    );
  });

  it('describe the producer in docs/asyncapi.yaml: send operations, 2020-12 payloads, a correlation id and a valid example per message', async () => {
    const document = await parsedAsyncApi();
    expect(
      document
        .operations()
        .all()
        .map((operation) => operation.action()),
    ).toEqual(PUBLISHED_CATEGORIES.map(() => 'send'));
    const headers = ajv.compile(KAFKA_HEADERS_SCHEMA);
    const messages = document.messages().all();
    expect(messages).toHaveLength(generated.length);
    for (const message of messages) {
      const payload = payloadSchema(message);
      const [example] = message.examples().all();
      const validate = validatorOf(payload.$id);
      expect({
        message: message.id(),
        schemaFormat: message.schemaFormat(),
        correlationId: message.correlationId()?.location(),
        payloadValid: validate(example.payload()) || validate.errors,
        headersValid: headers(example.headers()) || headers.errors,
      }).toEqual({
        message: message.id(),
        schemaFormat: JSON_SCHEMA_2020_12,
        correlationId: '$message.payload#/correlationid',
        payloadValid: true,
        headersValid: true,
      });
    }
  });

  it('fail the AsyncAPI check on a payload that is no JSON Schema 2020-12', async () => {
    const parser = parserFor2020Schemas();
    const payload = (schema: object) => ({
      asyncapi: '3.0.0',
      info: { title: 'check', version: '1.0.0' },
      components: { messages: { m: { payload: { schemaFormat: JSON_SCHEMA_2020_12, schema } } } },
    });
    const errors = async (schema: object) =>
      (await parser.parse(payload(schema))).diagnostics.filter((diagnostic) => diagnostic.severity === 0);
    const id = { id: { type: 'string' } };
    expect(await errors({ type: 'object', properties: id, required: ['id'] })).toEqual([]);
    expect(
      (await errors({ type: 'object', properties: id, required: 'id' })).map(({ message }) => message).join(),
    ).toMatch(/required must be array/);
  });

  it('declare the production cluster in docs/asyncapi.yaml as it runs: TLS and SASL/SCRAM, never plain', async () => {
    const production = (await parsedAsyncApi()).servers().get('production');
    expect(production?.protocol()).toBe('kafka-secure');
    expect(
      production
        ?.security()
        .flatMap((requirements) => requirements.all().map((requirement) => requirement.scheme().type())),
    ).toEqual(['scramSha512', 'scramSha256']);
  });

  it('cover every published type in the version the store reads it as', () => {
    const upcasters = eventUpcasters();
    const expected = PUBLISHED_CATEGORIES.flatMap((category) =>
      category.types.map((type) => eventSchemaPath(category.context, type, upcasters.latestVersion(type))),
    );
    expect(generated.map(({ path }) => path).sort()).toEqual(expected.sort());
    expect(expected).toContain('pickup/PickupOrderScheduled.v3.schema.json');
  });

  it('require key_mode in the data of every published type', () => {
    for (const { path, schema } of generated) {
      const data = (schema.properties as { data: { required: string[]; properties: object } }).data;
      expect({ path, required: data.required.includes('key_mode') }).toEqual({ path, required: true });
      expect(data.properties).toHaveProperty('key_mode.enum', ['test', 'live']);
    }
  });

  it('accept every batch event of the domain fixtures as the relay publishes it', () => {
    const events = [
      history.created(2),
      history.itemsAdded(2, 1),
      history.validated(0, 820),
      history.invalidated(1),
      history.batchValidated('ready', 1, 0),
      history.shipped(820, [history.item(0)]),
      history.completed(0, 820),
      history.failed(1, 820),
      history.merged([{ file: 1, key: 'batches/b1/labels-1.pdf', item_ids: [history.item(0)] }]),
      history.batchCompleted(1, 1),
    ];
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(batchCategory.types));
    events.forEach((event, revision) => {
      const cloudEvent = toCloudEvent(batchCategory, recorded(event, revision), 'live');
      const validate = validatorOf(cloudEvent.dataschema);
      expect({ type: event.type, valid: validate(cloudEvent), errors: validate.errors ?? null }).toEqual({
        type: event.type,
        valid: true,
        errors: null,
      });
    });
  });

  it('stay compatible: every committed schema in docs/events accepts what the code generates under its version', () => {
    const committed = generated.filter(({ path }) => existsSync(join(EVENT_DOCS_DIR, path)));
    expect(committed.length).toBeGreaterThan(10);
    const breaks = committed.flatMap(({ path, schema }) =>
      incompatibleChanges(JSON.parse(readFileSync(join(EVENT_DOCS_DIR, path), 'utf8')), schema as never).map(
        (change) => `${path}: ${change} (publish the change as a new version of the event)`,
      ),
    );
    expect(breaks).toEqual([]);
  });

  it('refuse an event whose data lacks a required field or has the wrong type', () => {
    const cloudEvent = toCloudEvent(batchCategory, recorded(history.completed(0, 820), 5), 'test');
    const validate = validatorOf(cloudEvent.dataschema);
    const { tracking_number: _dropped, ...withoutTracking } = cloudEvent.data as Record<string, unknown>;
    const { key_mode: _mode, ...withoutMode } = cloudEvent.data as Record<string, unknown>;
    expect(validate(cloudEvent)).toBe(true);
    expect(validate({ ...cloudEvent, data: withoutTracking })).toBe(false);
    expect(validate({ ...cloudEvent, data: withoutMode })).toBe(false);
    expect(validate({ ...cloudEvent, data: { ...withoutMode, key_mode: 'sandbox' } })).toBe(false);
    expect(validate({ ...cloudEvent, data: { ...withoutTracking, tracking_number: 42 } })).toBe(false);
    expect(validate({ ...cloudEvent, type: 'com.shipping.batch.ItemCompleted.v2' })).toBe(false);
  });
});
