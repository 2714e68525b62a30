import type { SchemaParser } from '@asyncapi/parser';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { JSON_SCHEMA_2020_12 } from './asyncapi-document';

/**
 * The AsyncAPI parser reads JSON Schema up to draft-07 only; this one checks the payloads of
 * docs/asyncapi.yaml as the draft 2020-12 schemas they are (each compiles under Ajv2020, strict).
 */
export function jsonSchema2020Parser(): SchemaParser {
  return {
    getMimeTypes: () => [JSON_SCHEMA_2020_12],
    validate: ({ data, path }) => {
      const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
      try {
        ajv.compile(data as object);
        return [];
      } catch (error) {
        return [{ message: `Not a JSON Schema 2020-12: ${(error as Error).message}`, path }];
      }
    },
    parse: ({ data }) => data as never,
  };
}
