export * from './event-schemas';
export * from './asyncapi-document';
export * from './json-schema-2020-parser';
export * from './schema-compatibility';
