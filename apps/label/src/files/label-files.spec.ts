import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LabelFiles } from './label-files';
import { batchFileKey, itemLabelKey, pathOfKey } from './label-keys';

describe('label files by key', () => {
  let root: string;
  let files: LabelFiles;

  beforeAll(async () => {
    const parent = await mkdtemp(join(tmpdir(), 'label-files-'));
    root = join(parent, 'labels');
    await mkdir(join(root, 'batches/B1'), { recursive: true });
    await writeFile(join(root, 'batches/B1/labels-1.pdf'), '%PDF-1.7 one');
    await writeFile(join(parent, 'secret.pdf'), '%PDF-1.7 outside');
    await writeFile(join(root, 'batches/B1/notes.txt'), 'not a label');
    files = new LabelFiles({ labelsRoot: root, workers: 1 });
  });
  afterAll(() => rm(join(root, '..'), { recursive: true, force: true }));

  it('names item labels and batch files under the root', () => {
    expect(itemLabelKey('jR3kT9')).toBe('items/jR3kT9.pdf');
    expect(batchFileKey('B1', 2)).toBe('batches/B1/labels-2.pdf');
    expect(pathOfKey(root, 'batches/B1/labels-1.pdf')).toBe(join(root, 'batches/B1/labels-1.pdf'));
  });

  it('reads a file as base64', async () => {
    expect(await files.read('batches/B1/labels-1.pdf')).toEqual({
      content_base64: Buffer.from('%PDF-1.7 one').toString('base64'),
    });
  });

  it('answers null for a key without a file', async () => {
    expect(await files.read('batches/B1/labels-9.pdf')).toBeNull();
    expect(await files.read('batches/B1/labels-1.pdf/x.pdf')).toBeNull();
  });

  it.each([
    '../secret.pdf',
    'batches/../../secret.pdf',
    'batches/B1/../../../secret.pdf',
    '/tmp/labels/batches/B1/labels-1.pdf',
    '/etc/passwd.pdf',
    'batches\\B1\\labels-1.pdf',
    'batches//B1/labels-1.pdf',
    './batches/B1/labels-1.pdf',
    'batches/B1/notes.txt',
    'batches/B1/labels-1.pdf\0.pdf',
    'batches/B1',
    '',
  ])('refuses the key %p', async (key) => {
    expect(pathOfKey(root, key)).toBeUndefined();
    await expect(files.read(key)).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('refuses keys that are not strings', async () => {
    await expect(files.read(['batches', 'B1', 'labels-1.pdf'])).rejects.toMatchObject({
      code: 'bad_request',
    });
  });

  it('writes atomically, leaving no temporary file', async () => {
    await files.write('items/new.pdf', Buffer.from('%PDF-1.7 new'));
    await files.write('items/new.pdf', Buffer.from('%PDF-1.7 newer'));
    expect(await files.read('items/new.pdf')).toEqual({
      content_base64: Buffer.from('%PDF-1.7 newer').toString('base64'),
    });
    expect(await readdir(join(root, 'items'))).toEqual(['new.pdf']);
  });
});
