/**
 * Writes each Jest run's counts, and the names of its failing tests, to tmp/test-results so
 * `npm test` can end with one total line and the failures listed beneath it (a CI log that keeps
 * only its tail still names them and says why), with the run's time and each spec file's, slowest first.
 */
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join, relative, resolve } = require('node:path');

const root = resolve(__dirname, '../..');

/**
 * CPU seconds of this process and of the children it has reaped (user + system, from /proc on
 * Linux; undefined elsewhere). A spec file run in band is run by this process, and the runtimes,
 * brokers and CLIs it starts are its children, reaped when it stops them: the step across a file
 * is what the file cost the machine.
 */
function cpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) / 100;
  } catch {
    return undefined;
  }
}

/** The start of a failure's message, indented beneath its name: CI's tail then says why. */
function reasonOf(messages) {
  const text = (messages ?? []).join('\n').replace(/\u001b\[[0-9;]*m/g, '');
  const lines = text.split('\n').filter((line) => line.trim() && !/^\s+at /.test(line));
  const reason = lines.slice(0, 25).join('\n').slice(0, 3000);
  return reason ? `\n${reason.replace(/^/gm, '      ')}` : '';
}

function failuresOf(results) {
  const failures = [];
  for (const suite of results.testResults) {
    const file = relative(root, suite.testFilePath);
    if (suite.testExecError) failures.push(`${file}: ${suite.testExecError.message.split('\n')[0]}`);
    for (const test of suite.testResults) {
      if (test.status === 'failed')
        failures.push(`${file}: ${test.fullName}${reasonOf(test.failureMessages)}`);
    }
  }
  return failures;
}

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    // Workers run the files side by side and are reaped at the end: no file's CPU can be told apart.
    this.inBand = globalConfig.maxWorkers === 1;
    this.fileStarts = new Map();
    this.fileCpu = new Map();
  }

  onTestFileStart(test) {
    if (this.inBand) this.fileStarts.set(test.path, cpuSeconds());
  }

  onTestFileResult(test) {
    const start = this.fileStarts.get(test.path);
    const end = cpuSeconds();
    if (start !== undefined && end !== undefined) this.fileCpu.set(test.path, end - start);
  }

  onRunComplete(_contexts, results) {
    const dir = join(root, 'tmp/test-results');
    mkdirSync(dir, { recursive: true });
    const name = this.rootDir.replace(/[^a-zA-Z0-9]+/g, '_');
    writeFileSync(
      join(dir, `${name}.json`),
      JSON.stringify({
        project: this.rootDir,
        passed: results.numPassedTests,
        failed: results.numFailedTests + results.numRuntimeErrorTestSuites,
        skipped: results.numPendingTests + results.numTodoTests,
        failures: failuresOf(results),
        seconds: Math.round((Date.now() - results.startTime) / 1000),
        files: results.testResults
          .map((suite) => ({
            file: relative(root, suite.testFilePath),
            seconds: Math.round((suite.perfStats.end - suite.perfStats.start) / 100) / 10,
            cpu: this.fileCpu.has(suite.testFilePath)
              ? Math.round(this.fileCpu.get(suite.testFilePath) * 10) / 10
              : undefined,
          }))
          .sort((a, b) => b.seconds - a.seconds),
      }),
    );
  }
}

module.exports = SummaryReporter;
