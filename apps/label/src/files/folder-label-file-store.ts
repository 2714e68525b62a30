import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from './atomic-write';
import type { LabelFile, LabelFileStore } from './label-file-store';
import { pathOfKey, unsafeLabelKey } from './label-keys';

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/**
 * Label PDFs as files under one folder (`${DATA_DIR}/labels`), written atomically. Only the
 * process that wrote a file can read it, so this suits one process: the embedded runtime on PGlite.
 */
export class FolderLabelFileStore implements LabelFileStore {
  constructor(private readonly root: string) {}

  async put(key: string, content: Uint8Array): Promise<void> {
    await writeFileAtomic(this.pathOf(key), content);
  }

  async putMany(files: readonly LabelFile[]): Promise<void> {
    const paths = files.map(({ key }) => this.pathOf(key));
    await Promise.all(files.map(({ content }, index) => writeFileAtomic(paths[index], content)));
  }

  async get(key: unknown): Promise<Uint8Array | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (MISSING.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
      throw error;
    }
  }

  async getMany(keys: readonly string[]): Promise<Map<string, Uint8Array>> {
    const files = await Promise.all(keys.map(async (key) => [key, await this.get(key)] as const));
    return new Map(files.filter((file): file is [string, Uint8Array] => file[1] !== undefined));
  }

  /** The absolute path of a key; a key that could leave the folder is refused. */
  private pathOf(key: unknown): string {
    const path = pathOfKey(this.root, key);
    if (path === undefined) throw unsafeLabelKey();
    return path;
  }
}
