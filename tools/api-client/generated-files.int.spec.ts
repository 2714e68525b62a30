import { relative, resolve } from 'node:path';
import { currentOpenApiDocument, GENERATED_FILES, generatedFiles, staleFiles } from './generate-api-client';

const REPO_ROOT = resolve(__dirname, '../..');

describe('the files generated from the OpenAPI document', () => {
  let files: Map<string, string>;
  let document: Awaited<ReturnType<typeof currentOpenApiDocument>>;

  beforeAll(async () => {
    document = await currentOpenApiDocument();
    files = await generatedFiles(document);
  }, 60_000);

  it('are committed as the current document gives them: run `npm run api:generate` after changing the API', () => {
    expect(staleFiles(files).map((file) => relative(REPO_ROOT, file))).toEqual([]);
  });

  it('are found stale once the document changes', () => {
    const changed = new Map(files);
    changed.set(GENERATED_FILES.clientVersion, 'export const API_VERSION = "2000-01-01";\n');
    expect(staleFiles(changed)).toEqual([GENERATED_FILES.clientVersion]);
  });

  it("give Postman one request per documented operation, under the collection's bearer key", () => {
    const requestsOf = (item: any): { method: string; url: { path: string[] } }[] =>
      item.request ? [item.request] : (item.item ?? []).flatMap(requestsOf);
    const collection = JSON.parse(files.get(GENERATED_FILES.postman) as string);
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const requests = requestsOf(collection).map(({ method, url }) => `${method} /${url.path.join('/')}`);
    expect(requests.sort()).toEqual(operations.sort());
    expect(collection.auth).toEqual({
      type: 'bearer',
      bearer: [{ key: 'token', value: '{{apiKey}}', type: 'string' }],
    });
  });
});
