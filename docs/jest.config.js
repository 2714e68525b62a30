/** github-slugger ships ES modules only; swc turns it into CommonJS like the specs. */
const esModuleToCommonJs = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } },
];

module.exports = {
  displayName: 'docs',
  preset: '../jest.preset.js',
  rootDir: '.',
  transformIgnorePatterns: ['/node_modules/(?!(@electric-sql/pglite|github-slugger)/)'],
  transform: { '/node_modules/github-slugger/.+\\.js$': esModuleToCommonJs },
};
