module.exports = {
  displayName: 'order-domain',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
