import { join } from 'node:path';
import ts from 'typescript';
import { Upcasters } from '@shipping/event-store';
import type { AppEvents } from '../app-events';
import { eventSchemaPath, eventSchemaUrl, publicEventType } from '../cloud-event';
import type { PublishedCategory } from '../published-categories';
import { type JsonSchema, typeToJsonSchema } from './type-to-json-schema';

const REPO_ROOT = join(__dirname, '../../../../..');

export interface EventSchemaFile {
  /** Relative to docs/events. */
  path: string;
  schema: JsonSchema;
}

/** One schema per published type in the version the relay publishes (the store's latest). */
export function generateEventSchemas(events: AppEvents): EventSchemaFile[] {
  const program = ts.createProgram(
    events.published.map(({ declaredIn }) => join(REPO_ROOT, declaredIn.file)),
    {
      strict: true,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      skipLibCheck: true,
      noEmit: true,
    },
  );
  const checker = program.getTypeChecker();
  const upcasters = new Upcasters(events.upcasters);
  return events.published.flatMap((category) => {
    const dataByType = eventDataTypes(program, checker, category);
    return category.types.map((type) => {
      const data = dataByType.get(type);
      if (!data) throw new Error(`${category.declaredIn.union} has no member of type ${type}`);
      const version = upcasters.latestVersion(type);
      return {
        path: eventSchemaPath(category.context, type, version),
        schema: cloudEventSchema(category, type, version, withKeyMode(data)),
      };
    });
  });
}

function eventDataTypes(
  program: ts.Program,
  checker: ts.TypeChecker,
  category: PublishedCategory,
): Map<string, JsonSchema> {
  const { file, union } = category.declaredIn;
  const source = program.getSourceFile(join(REPO_ROOT, file));
  const alias = source?.statements.find(
    (statement): statement is ts.TypeAliasDeclaration =>
      ts.isTypeAliasDeclaration(statement) && statement.name.text === union,
  );
  if (!alias) throw new Error(`${file} declares no type ${union}`);
  const unionType = checker.getTypeAtLocation(alias.name);
  const members = unionType.isUnion() ? unionType.types : [unionType];
  const byType = new Map<string, JsonSchema>();
  for (const member of members) {
    const typeProperty = member.getProperty('type');
    const dataProperty = member.getProperty('data');
    if (!typeProperty || !dataProperty) throw new Error(`A member of ${union} lacks type or data`);
    const literal = checker.getTypeOfSymbol(typeProperty);
    if (!literal.isStringLiteral())
      throw new Error(`A member of ${union} has a type that is not a string literal`);
    const description = ts.displayPartsToString(dataProperty.getDocumentationComment(checker)).trim();
    const schema = typeToJsonSchema(checker, checker.getTypeOfSymbol(dataProperty));
    byType.set(literal.value, description ? { description, ...schema } : schema);
  }
  const unpublished = [...byType.keys()].filter((type) => !category.types.includes(type));
  if (unpublished.length > 0)
    throw new Error(
      `${union} has types no category publishes: ${unpublished.join(', ')} (see the app's AppEvents)`,
    );
  return byType;
}

const KEY_MODE: JsonSchema = {
  description:
    'The mode of the API key the aggregate was created with: test work never reached a real carrier or a live ledger.',
  type: 'string',
  enum: ['test', 'live'],
};

/**
 * The relay adds `key_mode` to every event's data (its stream's mode, decision 108): an event type
 * that does not record it itself still has it, always, which keeps its version.
 */
function withKeyMode(data: JsonSchema): JsonSchema {
  const properties = (data.properties ?? {}) as Record<string, JsonSchema>;
  const required = (data.required ?? []) as string[];
  if (properties['key_mode']) return data;
  return { ...data, properties: { ...properties, key_mode: KEY_MODE }, required: [...required, 'key_mode'] };
}

function cloudEventSchema(
  category: PublishedCategory,
  type: string,
  version: number,
  data: JsonSchema,
): JsonSchema {
  const id = eventSchemaUrl(category.context, type, version);
  const text = { type: 'string', minLength: 1 };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: id,
    title: publicEventType(category.context, type, version),
    description: `${type}, version ${version}, of a ${category.streamPrefix}<id> stream, as a CloudEvents 1.0 structured JSON message on shipping.${category.context}.events.`,
    type: 'object',
    required: [
      'specversion',
      'id',
      'source',
      'type',
      'subject',
      'time',
      'datacontenttype',
      'dataschema',
      'revision',
      'data',
    ],
    properties: {
      specversion: { const: '1.0' },
      id: { description: 'Unique per event: consumers dedupe by it.', ...text },
      source: { const: `/shipping/${category.context}` },
      type: { const: publicEventType(category.context, type, version) },
      subject: { description: 'The aggregate id, also the Kafka message key.', ...text },
      time: { description: 'When the event was recorded.', type: 'string', format: 'date-time' },
      datacontenttype: { const: 'application/json' },
      dataschema: { const: id },
      revision: {
        description: "The event's 0-based position in its aggregate's stream.",
        type: 'integer',
        minimum: 0,
      },
      correlationid: { description: 'The X-Request-Id of the request that started the work.', ...text },
      causationid: { description: 'The id of the message or event that caused this one.', ...text },
      accountid: { description: 'The account the aggregate belongs to.', ...text },
      data,
    },
  };
}
