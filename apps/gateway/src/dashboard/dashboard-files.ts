import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Unavailable } from '@shipping/contracts';
import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';

const REPO_ROOT = resolve(__dirname, '../../../..');
const BUILD_SCRIPT = join(REPO_ROOT, 'apps/dashboard/build.mjs');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

export interface DashboardFile {
  content: Buffer;
  type: string;
  /** Vite names these by content hash, so a browser may keep them for good. */
  immutable: boolean;
}

/**
 * The dashboard's built files, held in memory (a few tens of kilobytes). The build script builds
 * only when the sources changed since the last build, so every start serves the sources as they are.
 */
@Injectable()
export class DashboardFiles implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DashboardFiles.name);
  private files?: Promise<Map<string, DashboardFile> | undefined>;
  private build?: ChildProcess;

  onApplicationBootstrap(): void {
    this.files = this.buildAndRead();
  }

  onModuleDestroy(): void {
    this.build?.kill();
  }

  /** A file by its path under /dashboard/ (`index.html`, `assets/index-abc.js`), if the build has it. */
  async file(path: string): Promise<DashboardFile | undefined> {
    const files = await (this.files ??= this.buildAndRead());
    if (!files) throw new Unavailable('The dashboard could not be built.');
    return files.get(path);
  }

  private async buildAndRead(): Promise<Map<string, DashboardFile> | undefined> {
    try {
      return await readBuild(await this.runBuild());
    } catch (error) {
      this.logger.error(
        `The dashboard could not be built: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    }
  }

  private runBuild(): Promise<string> {
    return new Promise((done, fail) => {
      const child = spawn(process.execPath, [BUILD_SCRIPT], {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      this.build = child;
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.once('error', fail);
      child.once('exit', (code, signal) => {
        this.build = undefined;
        const folder = stdout.trim().split('\n').pop();
        if (code === 0 && folder) done(folder);
        else fail(new Error(`${BUILD_SCRIPT} ended with ${signal ?? code}: ${stderr.trim().slice(-2000)}`));
      });
    });
  }
}

async function readBuild(folder: string, under = ''): Promise<Map<string, DashboardFile>> {
  const files = new Map<string, DashboardFile>();
  for (const entry of await readdir(join(folder, under), { withFileTypes: true })) {
    const path = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      for (const [nested, file] of await readBuild(folder, path)) files.set(nested, file);
    } else if (entry.isFile()) {
      const content = await readFile(join(folder, path));
      files.set(path, {
        content,
        type: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
        immutable: path.startsWith('assets/'),
      });
    }
  }
  return files;
}
