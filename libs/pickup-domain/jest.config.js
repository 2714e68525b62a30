module.exports = {
  displayName: 'pickup-domain',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
