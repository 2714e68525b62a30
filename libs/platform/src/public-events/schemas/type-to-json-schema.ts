import ts from 'typescript';

export type JsonSchema = Record<string, unknown>;

/**
 * Turns the TypeScript type of an event's data into JSON Schema: what the compiler knows is what
 * consumers are promised. Objects leave unknown properties open (adding an optional field is a
 * compatible change), optional properties are not required, and doc comments become descriptions.
 */
export function typeToJsonSchema(checker: ts.TypeChecker, type: ts.Type): JsonSchema {
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
  if (type.flags & ts.TypeFlags.String) return { type: 'string' };
  if (type.flags & ts.TypeFlags.Number) return { type: 'number' };
  if (type.flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
  if (type.flags & ts.TypeFlags.Null) return { type: 'null' };
  if (type.isStringLiteral()) return { const: type.value };
  if (type.isNumberLiteral()) return { const: type.value };
  if (type.flags & ts.TypeFlags.BooleanLiteral) return { const: checker.typeToString(type) === 'true' };
  if (type.isUnion()) return unionSchema(checker, type.types);
  if (checker.isArrayType(type)) {
    const [items] = checker.getTypeArguments(type as ts.TypeReference);
    return { type: 'array', items: typeToJsonSchema(checker, items) };
  }
  if (type.flags & ts.TypeFlags.Object || type.isIntersection()) return objectSchema(checker, type);
  throw new Error(`No JSON Schema for the type ${checker.typeToString(type)}`);
}

function unionSchema(checker: ts.TypeChecker, members: ts.Type[]): JsonSchema {
  const defined = members.filter((member) => !(member.flags & ts.TypeFlags.Undefined));
  const booleans = defined.filter((member) => member.flags & ts.TypeFlags.BooleanLiteral);
  const others = booleans.length === 2 ? defined.filter((member) => !booleans.includes(member)) : defined;
  const schemas = [
    ...(booleans.length === 2 ? [{ type: 'boolean' }] : []),
    ...others.map((member) => typeToJsonSchema(checker, member)),
  ];
  if (schemas.length === 1) return schemas[0];
  if (schemas.every((schema) => 'const' in schema && typeof schema['const'] === 'string')) {
    return { type: 'string', enum: schemas.map((schema) => schema['const']) };
  }
  return { anyOf: schemas };
}

function objectSchema(checker: ts.TypeChecker, type: ts.Type): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const property of checker.getPropertiesOfType(type)) {
    const schema = typeToJsonSchema(checker, checker.getTypeOfSymbol(property));
    const description = ts.displayPartsToString(property.getDocumentationComment(checker)).trim();
    properties[property.name] = description ? { description, ...schema } : schema;
    if (!(property.flags & ts.SymbolFlags.Optional)) required.push(property.name);
  }
  const index = checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & ts.TypeFlags.String);
  return {
    type: 'object',
    ...(Object.keys(properties).length > 0 ? { properties } : {}),
    ...(required.length > 0 ? { required } : {}),
    ...(index ? { additionalProperties: typeToJsonSchema(checker, index.type) } : {}),
  };
}
