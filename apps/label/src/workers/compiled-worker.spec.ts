import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { labelShipment } from '../testing/label-shipment.fixture';
import { compiledWorkerFile } from './compiled-worker';

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
});
