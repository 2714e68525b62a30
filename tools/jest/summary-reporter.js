/** Writes each Jest run's counts to tmp/test-results so `npm test` can print one total line. */
const { mkdirSync, writeFileSync } = require('node:fs');
const { join, resolve } = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const dir = resolve(__dirname, '../../tmp/test-results');
    mkdirSync(dir, { recursive: true });
    const name = this.rootDir.replace(/[^a-zA-Z0-9]+/g, '_');
    writeFileSync(
      join(dir, `${name}.json`),
      JSON.stringify({
        project: this.rootDir,
        passed: results.numPassedTests,
        failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
        skipped: results.numPendingTests + results.numTodoTests,
      }),
    );
  }
}

module.exports = SummaryReporter;
