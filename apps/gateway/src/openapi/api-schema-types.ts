import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(__dirname, '../../../..');

/** The API's types (the client's, which the dashboard uses), generated from the OpenAPI document. */
export const API_SCHEMA_FILE = join(REPO_ROOT, 'libs/client/src/generated/api-schema.ts');

const CLI = join(REPO_ROOT, 'node_modules/openapi-typescript/bin/cli.js');
const PRETTIER = join(REPO_ROOT, 'node_modules/prettier/bin/prettier.cjs');

/** Runs openapi-typescript on a document file, formats the result as the repository does, returns its text. */
export function generateApiSchemaTypes(documentFile: string, target: string, spawn = spawnSync): string {
  const generate = spawn(
    process.execPath,
    [CLI, documentFile, '--output', target, '--alphabetize', '--default-non-nullable=false'],
    {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    },
  );
  if (generate.status !== 0) throw new Error(`openapi-typescript failed: ${generate.stderr}`);
  const format = spawn(process.execPath, [PRETTIER, '--stdin-filepath', API_SCHEMA_FILE], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    input: readFileSync(target, 'utf8'),
  });
  if (format.status !== 0) throw new Error(`prettier failed: ${format.stderr}`);
  return format.stdout;
}

/** `npm run api:types`: writes the API's types from the gateway's current document. */
if (require.main === module) {
  void (async () => {
    // Loaded only when run as a script. Required, not import()ed: TypeScript checks an import() as an
    // ES import (decision 149).
    const { createOpenApiDocument } = require('./openapi-document') as typeof import('./openapi-document');
    const { createGatewayDocumentApp } =
      require('./testing/gateway-document-app') as typeof import('./testing/gateway-document-app');
    const gateway = await createGatewayDocumentApp();
    const source = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(source, JSON.stringify(createOpenApiDocument(gateway.app)));
    await gateway.close();
    const text = generateApiSchemaTypes(source, join(tmpdir(), `api-schema-${process.pid}.ts`));
    writeFileSync(API_SCHEMA_FILE, text);
    process.stdout.write(`${API_SCHEMA_FILE}\n`);
  })();
}
