import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

async function writeCreatingFolder(path: string, content: Uint8Array): Promise<void> {
  try {
    await writeFile(path, content);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
  }
}

/**
 * Writes a temporary file beside the target and renames it over the target: readers and a crash
 * see the old file or the whole new one, never a part. Concurrent writers of one target each
 * rename a whole file; the last one wins. The folder is made only when missing.
 */
export async function writeFileAtomic(path: string, content: Uint8Array): Promise<void> {
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    await writeCreatingFolder(temporary, content);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
