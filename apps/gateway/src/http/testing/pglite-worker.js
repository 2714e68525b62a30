'use strict';
// Hosts PGlite in a worker thread: PGlite loads its WebAssembly through dynamic import(), which
// Jest's module sandbox refuses unless Node runs with --experimental-vm-modules.
const { parentPort } = require('node:worker_threads');
const { PGlite } = require('@electric-sql/pglite');

const ready = PGlite.create();

parentPort.on('message', async ({ id, op, sql, params }) => {
  try {
    const db = await ready;
    if (op === 'query') {
      const result = await db.query(sql, params);
      parentPort.postMessage({
        id,
        result: { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length },
      });
    } else if (op === 'exec') {
      await db.exec(sql);
      parentPort.postMessage({ id });
    } else {
      await db.close();
      parentPort.postMessage({ id });
    }
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
