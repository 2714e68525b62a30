module.exports = {
  displayName: 'event-store',
  preset: '../../jest.preset.js',
  rootDir: '.',
};
