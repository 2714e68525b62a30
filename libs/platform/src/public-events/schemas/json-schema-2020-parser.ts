import type { SchemaParser } from '@asyncapi/parser';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { JSON_SCHEMA_2020_12 } from './asyncapi-document';

/**
 * The AsyncAPI parser knows JSON Schema up to draft-07 only, and for a 3.0 document it hands each
 * payload of another format to the schema parser registered for it. This one compiles the payload
 * as the draft 2020-12 schema it is (Ajv2020, strict): a schema that does not compile is an error
 * of the document.
 */
export function jsonSchema2020Parser(): SchemaParser {
  // One Ajv for every payload (setting one up costs more than a compile), each schema removed
  // after its compile so payloads never see each other; a payload checked once is not compiled again.
  const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
  const valid = new WeakSet<object>();
  const compiled = (data: unknown) => {
    const schema = data as object;
    if (typeof schema !== 'object' || schema === null) ajv.compile(schema);
    else if (!valid.has(schema)) {
      try {
        ajv.compile(schema);
      } finally {
        ajv.removeSchema(schema);
      }
      valid.add(schema);
    }
    return data as never;
  };
  return {
    getMimeTypes: () => [JSON_SCHEMA_2020_12],
    validate: ({ data, path }) => {
      try {
        compiled(data);
        return [];
      } catch (error) {
        return [{ message: `Not a JSON Schema 2020-12: ${(error as Error).message}`, path }];
      }
    },
    parse: ({ data }) => compiled(data),
  };
}
