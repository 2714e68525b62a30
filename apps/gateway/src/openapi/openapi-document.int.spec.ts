import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIObject } from '@nestjs/swagger';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_SCHEMA_FILE, generateApiSchemaTypes } from './api-schema-types';
import { createOpenApiDocument } from './openapi-document';
import { createGatewayDocumentApp, registeredRoutes } from './testing/gateway-document-app';

/**
 * Routes the gateway serves that are not part of the API: the dashboard's files and this
 * description itself. A new route is either documented or listed here, never silently neither.
 */
const NOT_API_ROUTES = [
  'GET /dashboard',
  'GET /dashboard/{path}',
  'GET /openapi.json',
  'GET /docs',
  'GET /docs/{file}',
];

const documentedRoutes = (document: OpenAPIObject) =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );

const operations = (document: OpenAPIObject) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

describe('the OpenAPI document', () => {
  let document: OpenAPIObject;
  let routes: string[];

  beforeAll(async () => {
    const gateway = await createGatewayDocumentApp();
    try {
      document = createOpenApiDocument(gateway.app);
      routes = registeredRoutes(gateway.app);
    } finally {
      await gateway.close();
    }
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('documents every route Nest registers, and no route Nest does not', () => {
    const api = routes.filter((route) => !NOT_API_ROUTES.includes(route));
    expect(api.length).toBeGreaterThan(20);
    expect([...documentedRoutes(document)].sort()).toEqual([...api].sort());
    expect(routes).toEqual(expect.arrayContaining(NOT_API_ROUTES));
  });

  it('gives every authenticated route bearer auth and 401, every POST Idempotency-Key, every body 422', () => {
    for (const { route, operation } of operations(document)) {
      const isPublic =
        /^GET \/health(\/|$)/.test(route) || route.startsWith('GET /labels/') || route === 'GET /audit/keys';
      expect({
        route,
        auth: Boolean(operation.security?.length),
        has401: '401' in operation.responses,
      }).toEqual({
        route,
        auth: !isPublic,
        has401: !isPublic,
      });
      const isAdmin = route.includes(' /admin/');
      expect({ route, tags: isAdmin ? operation.tags : [], security: operation.security }).toEqual({
        route,
        tags: isAdmin ? ['admin'] : [],
        security: isPublic ? undefined : [{ [isAdmin ? 'admin' : 'bearer']: [] }],
      });
      if (route.startsWith('POST ')) {
        expect({
          route,
          key: operation.parameters?.some((p: { name?: string }) => p.name === 'Idempotency-Key'),
        }).toEqual({
          route,
          key: true,
        });
      }
      if (operation.requestBody)
        expect({ route, has422: '422' in operation.responses }).toEqual({ route, has422: true });
    }
  });

  it('describes request bodies from the DTO classes, limits and nesting included', () => {
    const schemas = document.components!.schemas! as Record<string, any>;
    expect(schemas.CreateBatchRequest.properties.batch_shipments).toMatchObject({
      type: 'array',
      maxItems: 1000,
    });
    expect(schemas.CreateBatchRequest.required).toEqual(
      expect.arrayContaining(['shipper_id', 'service', 'batch_shipments']),
    );
    expect(JSON.stringify(document)).not.toContain('"#/components/schemas/"');
  });

  it('generates the dashboard API types that are checked in: run `npm run api:types` after changing the API', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    const source = join(dir, 'openapi.json');
    writeFileSync(source, JSON.stringify(document));
    const generated = generateApiSchemaTypes(source, join(dir, 'api-schema.ts'), spawnSync);
    expect(generated).toBe(readFileSync(API_SCHEMA_FILE, 'utf8'));
  });
});
