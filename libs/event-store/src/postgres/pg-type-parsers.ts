import type { CustomTypesConfig } from 'pg';
import textParsers = require('pg-types/lib/textParsers');

type Parse = (value: string) => unknown;

/**
 * `pg`'s built-in text parsers in a table of our own. `pg.types` is one table shared by the whole
 * process, and other libraries rewrite it on import (one sets JSON columns to JSON.parse with a
 * reviver and int8 to BigInt), which would change our values and halve the read rate of $all.
 */
const builtins = new Map<number, Parse>();
textParsers.init((oid, parse) => builtins.set(oid, parse));

const asText: Parse = (value) => value;

export const builtinTypeParsers: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (format === 'binary') throw new Error(`Binary results are not used; got one for type ${oid}`);
    return builtins.get(oid) ?? asText;
  }) as CustomTypesConfig['getTypeParser'],
};
