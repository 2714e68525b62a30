import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { labelShipment } from '../testing/label-shipment.fixture';
import { compiledWorkerFile, sourceGraph, sourceHash } from './compiled-worker';

const source = join(__dirname, 'label-worker.ts');

describe('the compiled label worker', () => {
  it('holds the whole relative module graph as CommonJS, beside the packages it imports', () => {
    const entry = compiledWorkerFile(source);
    expect(entry).toMatch(
      /node_modules\/\.cache\/shipping-label-worker\/[0-9a-f]{16}\/workers\/label-worker\.js$/,
    );
    const root = dirname(dirname(entry));
    expect(readdirSync(join(root, 'rendering')).sort()).toEqual(
      expect.arrayContaining([
        'code128.js',
        'label-pdf.js',
        'merge-pdfs.js',
        'printable-text.js',
        'save-options.js',
      ]),
    );
    expect(readFileSync(entry, 'utf8')).not.toMatch(/import type|: Promise<RenderedLabel>/);
  });

  it('is compiled once per content: a second call answers the same file', () => {
    expect(compiledWorkerFile(source)).toBe(compiledWorkerFile(source));
  });

  it('loads and renders in a plain Node.js with no TypeScript hook', () => {
    const entry = compiledWorkerFile(source);
    const drawing = {
      tracking_number: '9400111899223344556677',
      service_code: 'USPS-1',
      service_name: 'USPS Priority Mail',
      shipment: labelShipment(),
    };
    const script = `require(${JSON.stringify(entry)}).render(${JSON.stringify(drawing)}).then(
      (label) => process.stdout.write(Buffer.from(label.pdf).subarray(0, 5).toString()), (error) => { console.error(error); process.exit(1); })`;
    expect(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })).toBe('%PDF-');
  });

  it('is found by the hash of its sources without loading swc once compiled', () => {
    const compiled = compiledWorkerFile(source);
    let found = '';
    let swcModules: string[] = [];
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('./compiled-worker') as typeof import('./compiled-worker');
      found = fresh.compiledWorkerFile(source);
      swcModules = Object.keys(require.cache).filter((file) => file.includes('/node_modules/@swc/'));
    });
    expect(found).toBe(compiled);
    expect(swcModules).toEqual([]);
  });

  it('hashes every source the worker reaches, type-only imports included', () => {
    const root = dirname(dirname(source));
    const files = [...sourceGraph(source).keys()].map((file) => file.slice(root.length + 1)).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'rendering/label-drawing.ts',
        'rendering/label-pdf.ts',
        'rendering/merge-pdfs.ts',
        'workers/label-tasks.ts',
        'workers/label-worker.ts',
      ]),
    );
  });

  it('names a new copy when a source the worker reaches changes', () => {
    const copy = mkdtempSync(join(tmpdir(), 'label-worker-sources-'));
    try {
      for (const folder of ['workers', 'rendering'])
        cpSync(join(dirname(dirname(source)), folder), join(copy, folder), { recursive: true });
      const entry = join(copy, 'workers', 'label-worker.ts');
      const before = sourceHash(entry, copy);
      expect(sourceHash(entry, copy)).toBe(before);
      appendFileSync(join(copy, 'rendering', 'merge-pdfs.ts'), '\n// changed\n');
      expect(sourceHash(entry, copy)).not.toBe(before);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
