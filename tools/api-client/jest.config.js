module.exports = {
  displayName: 'api-client-generator',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
