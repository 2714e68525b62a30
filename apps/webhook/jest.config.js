module.exports = {
  displayName: 'webhook',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
