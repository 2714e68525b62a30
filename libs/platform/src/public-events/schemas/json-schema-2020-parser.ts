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
  const compiled = (data: unknown) => {
    addFormats(new Ajv2020({ strict: true, allErrors: true })).compile(data as object);
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
