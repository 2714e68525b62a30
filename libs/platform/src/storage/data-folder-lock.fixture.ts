// One contender for a data folder, for data-folder-lock.int.spec.ts. It says `ready` once loaded,
// tries to lock DATA_DIR when its stdin says `go`, then says `locked` (and holds the folder until
// its stdin ends) or `refused: <message>` (and exits 2).
import { createInterface } from 'node:readline';
import { lockDataFolder } from './data-folder-lock';

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line !== 'go') return;
  try {
    const release = lockDataFolder(String(process.env['DATA_DIR']));
    console.log('locked');
    process.stdin.on('end', () => {
      release();
      process.exit(0);
    });
  } catch (error) {
    console.log(`refused: ${(error as Error).message}`);
    process.exit(2);
  }
});
console.log('ready');
