module.exports = {
  displayName: 'accounts-domain',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
