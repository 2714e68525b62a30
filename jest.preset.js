/** Shared Jest settings: swc compiles TypeScript with decorator metadata, as Nest needs. */
const typescript = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

// PGlite's CommonJS build loads Node built-ins with import(), which Jest's module sandbox refuses
// without --experimental-vm-modules; swc rewrites those calls to require().
const pgliteCommonJs = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
    module: { type: 'commonjs', ignoreDynamic: false },
  },
];

module.exports = {
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'cjs', 'json'],
  testMatch: ['**/*.spec.ts'],
  // Apps whose issue has not come yet have no specs of their own.
  passWithNoTests: true,
  // Specs wait for conditions, not clocks; this bound only ends a spec that hangs. Starting PGlite
  // (WebAssembly) in a hook takes seconds on a loaded 2-core machine, past Jest's default 5 s.
  testTimeout: 30_000,
  reporters: ['default', require.resolve('./tools/jest/summary-reporter.js')],
  setupFiles: [require.resolve('./tools/jest/liftoff-only.js')],
  transformIgnorePatterns: ['/node_modules/(?!@electric-sql/pglite/)'],
  transform: {
    '^.+\\.ts$': typescript,
    '/node_modules/@electric-sql/pglite/.+\\.cjs$': pgliteCommonJs,
  },
};
