const validation = ['/node_modules/class-validator/', '/node_modules/class-transformer/'];

describe('the contracts core', () => {
  it('loads no request validation', () => {
    let loaded: string[] = [];
    jest.isolateModules(() => {
      require('./index');
      loaded = Object.keys(require.cache).filter((file) =>
        validation.some((module) => file.includes(module)),
      );
    });

    expect(loaded).toEqual([]);
  });
});
