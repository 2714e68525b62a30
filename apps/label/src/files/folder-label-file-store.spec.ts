import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UNSAFE_LABEL_KEYS } from '../testing/unsafe-label-keys';
import { FolderLabelFileStore } from './folder-label-file-store';
import { batchFileKey, itemLabelKey, pathOfKey } from './label-keys';

describe('label files in a folder, by key', () => {
  let root: string;
  let files: FolderLabelFileStore;

  beforeAll(async () => {
    const parent = await mkdtemp(join(tmpdir(), 'label-files-'));
    root = join(parent, 'labels');
    await mkdir(join(root, 'batches/B1'), { recursive: true });
    await writeFile(join(root, 'batches/B1/labels-1.pdf'), '%PDF-1.7 one');
    await writeFile(join(parent, 'secret.pdf'), '%PDF-1.7 outside');
    await writeFile(join(root, 'batches/B1/notes.txt'), 'not a label');
    files = new FolderLabelFileStore(root);
  });
  afterAll(() => rm(join(root, '..'), { recursive: true, force: true }));

  it('names item labels and batch files under the root', () => {
    expect(itemLabelKey('jR3kT9')).toBe('items/jR3kT9.pdf');
    expect(batchFileKey('B1', 2)).toBe('batches/B1/labels-2.pdf');
    expect(pathOfKey(root, 'batches/B1/labels-1.pdf')).toBe(join(root, 'batches/B1/labels-1.pdf'));
  });

  it('reads a file', async () => {
    expect(Buffer.from((await files.get('batches/B1/labels-1.pdf')) ?? [])).toEqual(
      Buffer.from('%PDF-1.7 one'),
    );
  });

  it('answers undefined for a key without a file', async () => {
    expect(await files.get('batches/B1/labels-9.pdf')).toBeUndefined();
    expect(await files.get('batches/B1/labels-1.pdf/x.pdf')).toBeUndefined();
  });

  it('reads several files, leaving out the missing ones', async () => {
    const found = await files.getMany(['batches/B1/labels-1.pdf', 'batches/B1/labels-9.pdf']);
    expect([...found.keys()]).toEqual(['batches/B1/labels-1.pdf']);
  });

  it.each(UNSAFE_LABEL_KEYS)('refuses the key %p', async (key) => {
    expect(pathOfKey(root, key)).toBeUndefined();
    await expect(files.get(key)).rejects.toMatchObject({ code: 'bad_request' });
    await expect(files.put(key as string, Buffer.from('%PDF'))).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(files.getMany([key as string])).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('stores several files at once, readable by key', async () => {
    await files.putMany([
      { key: 'batches/M1/labels-1.pdf', content: Buffer.from('%PDF-1.7 one') },
      { key: 'batches/M1/labels-2.pdf', content: Buffer.from('%PDF-1.7 two') },
    ]);
    const found = await files.getMany(['batches/M1/labels-1.pdf', 'batches/M1/labels-2.pdf']);
    expect([...found].map(([key, content]) => [key, Buffer.from(content).toString()])).toEqual([
      ['batches/M1/labels-1.pdf', '%PDF-1.7 one'],
      ['batches/M1/labels-2.pdf', '%PDF-1.7 two'],
    ]);
  });

  it('writes atomically, leaving no temporary file', async () => {
    await files.put('items/new.pdf', Buffer.from('%PDF-1.7 new'));
    await files.put('items/new.pdf', Buffer.from('%PDF-1.7 newer'));
    expect(Buffer.from((await files.get('items/new.pdf')) ?? [])).toEqual(Buffer.from('%PDF-1.7 newer'));
    expect(await readdir(join(root, 'items'))).toEqual(['new.pdf']);
  });
});
