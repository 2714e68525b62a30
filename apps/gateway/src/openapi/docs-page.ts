import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The reference page: Swagger UI from the installed package, started by a script file (no inline script). */
const INDEX_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Shipping orders API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/start.js"></script>
</body>
</html>
`;

const START_JS = `window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));

const PACKAGE_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

export interface DocsFile {
  content: Buffer;
  type: string;
}

/** Loaded once, on first use: the files do not change while the process runs. */
const cache = new Map<string, DocsFile>();

export function docsFile(name: string): DocsFile | undefined {
  const cached = cache.get(name);
  if (cached) return cached;
  const file = load(name);
  if (file) cache.set(name, file);
  return file;
}

function load(name: string): DocsFile | undefined {
  if (name === 'index.html') return { content: Buffer.from(INDEX_HTML), type: 'text/html; charset=utf-8' };
  if (name === 'start.js') return { content: Buffer.from(START_JS), type: 'text/javascript; charset=utf-8' };
  const type = PACKAGE_FILES[name];
  return type ? { content: readFileSync(join(SWAGGER_UI_DIR, name)), type } : undefined;
}
