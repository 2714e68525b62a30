const drivers = [
  '/node_modules/pg/',
  '/node_modules/@electric-sql/pglite/',
  '/node_modules/@eventstore/db-client/',
];

/** The driver modules loaded by requiring `entry` into a fresh module registry. */
function driversLoadedBy(entry: string): string[] {
  let loaded: string[] = [];
  jest.isolateModules(() => {
    require(entry);
    loaded = Object.keys(require.cache).filter((file) => drivers.some((driver) => file.includes(driver)));
  });
  return loaded;
}

describe('the event store port', () => {
  it('loads no database driver', () => {
    expect(driversLoadedBy('@shipping/event-store')).toEqual([]);
  });

  it.each(['postgres', 'pglite', 'eventstoredb'])(
    'leaves the drivers to the %s adapter entry point',
    (adapter) => {
      expect(driversLoadedBy(`@shipping/event-store/${adapter}`)).not.toEqual([]);
    },
  );
});
