module.exports = {
  displayName: 'label',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
