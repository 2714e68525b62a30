import { relative, resolve } from 'node:path';
import { currentOpenApiDocument, GENERATED_FILES, generatedFiles, staleFiles } from './generate-api-client';

const REPO_ROOT = resolve(__dirname, '../..');

describe('the files generated from the OpenAPI document', () => {
  let files: Map<string, string>;

  beforeAll(async () => {
    files = await generatedFiles(await currentOpenApiDocument());
  }, 60_000);

  it('are committed as the current document gives them: run `npm run api:generate` after changing the API', () => {
    expect(staleFiles(files).map((file) => relative(REPO_ROOT, file))).toEqual([]);
  });

  it('are found stale once the document changes', () => {
    const changed = new Map(files);
    changed.set(GENERATED_FILES.clientVersion, 'export const API_VERSION = "2000-01-01";\n');
    expect(staleFiles(changed)).toEqual([GENERATED_FILES.clientVersion]);
  });
});
