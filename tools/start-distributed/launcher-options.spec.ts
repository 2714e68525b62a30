import { APPS, parseInstances, parseLauncherArgs, UsageError } from './launcher-options';

const every = (count: number) => Object.fromEntries(APPS.map((app) => [app, count]));

describe('the launcher’s command line', () => {
  it('runs one process of every app on the defaults: PORT 3000, broker 19092, shipping_<app> on the local server, data/distributed', () => {
    expect(parseLauncherArgs([], {}, '/repo')).toEqual({
      instances: every(1),
      kafkaPartitions: 12,
      kafkaPort: 19092,
      databasePrefix: 'shipping_',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432',
      dataDir: '/repo/data/distributed',
      fresh: false,
      host: '127.0.0.1',
      port: 3000,
    });
  });

  it('takes its options and PORT, HOST and DATABASE_URL from the environment', () => {
    const options = parseLauncherArgs(
      [
        '--instances',
        '2',
        '--kafka-port',
        '29092',
        '--data-dir',
        'tmp/x',
        '--database-prefix',
        'mine_',
        '--fresh',
      ],
      { PORT: '8080', HOST: '0.0.0.0', DATABASE_URL: 'postgres://me:secret@db:5433', KAFKA_PARTITIONS: '6' },
      '/repo',
    );
    expect(options).toEqual({
      instances: every(2),
      kafkaPartitions: 6,
      kafkaPort: 29092,
      databasePrefix: 'mine_',
      databaseUrl: 'postgres://me:secret@db:5433',
      dataDir: '/repo/tmp/x',
      fresh: true,
      host: '0.0.0.0',
      port: 8080,
    });
  });

  it('answers help to --help and -h', () => {
    expect(parseLauncherArgs(['--help'], {})).toBe('help');
    expect(parseLauncherArgs(['-h', '--instances', 'nonsense'], {})).toBe('help');
  });

  it.each([
    [['--instance', '2'], "Unknown option '--instance'"],
    [['order'], "Unexpected argument 'order'"],
    [['--kafka-port', '0'], '--kafka-port "0": expected a port from 1 to 65535'],
    [['--kafka-port', 'x'], '--kafka-port "x": expected a port from 1 to 65535'],
    [['--database-prefix', 'Shipping-'], '--database-prefix "Shipping-": expected lower-case letters'],
    [['--instances'], "Option '--instances <value>' argument missing"],
  ])('refuses %j: %s', (argv, message) => {
    expect(() => parseLauncherArgs(argv, {})).toThrow(UsageError);
    expect(() => parseLauncherArgs(argv, {})).toThrow(message);
  });

  it('refuses a PORT or DATABASE_URL it cannot use, without printing the password', () => {
    expect(() => parseLauncherArgs([], { PORT: '70000' })).toThrow(
      'PORT "70000": expected a port from 1 to 65535',
    );
    expect(() => parseLauncherArgs([], { PORT: '0' })).toThrow(UsageError);
    expect(() => parseLauncherArgs([], { DATABASE_URL: 'mysql://me:secret@db' })).toThrow(
      'DATABASE_URL: expected the PostgreSQL server as postgres://user@host:port',
    );
    expect(() => parseLauncherArgs([], { DATABASE_URL: 'mysql://me:secret@db' })).not.toThrow(/secret/);
  });
});

describe('--instances and KAFKA_PARTITIONS', () => {
  it('runs any number of processes of an app up to the limit, whatever KAFKA_PARTITIONS (12 unless set)', () => {
    expect(parseLauncherArgs(['--instances', 'gateway=4,label=5'], {})).toMatchObject({
      instances: { ...every(1), gateway: 4, label: 5 },
      kafkaPartitions: 12,
    });
    expect(parseLauncherArgs(['--instances', '3'], { KAFKA_PARTITIONS: '2' })).toMatchObject({
      instances: every(3),
      kafkaPartitions: 2,
    });
  });

  it.each(['0', 'three', '1001'])('refuses KAFKA_PARTITIONS=%s', (partitions) => {
    expect(() => parseLauncherArgs([], { KAFKA_PARTITIONS: partitions })).toThrow(
      `KAFKA_PARTITIONS "${partitions}": expected a number of partitions from 1 to 1000`,
    );
  });
});

describe('--instances', () => {
  it('takes one number for every app', () => {
    expect(parseInstances('2')).toEqual(every(2));
  });

  it('takes app=N pairs, one process of every app not named', () => {
    expect(parseInstances('label=3,batch=2')).toEqual({ ...every(1), label: 3, batch: 2 });
    expect(parseInstances(' gateway=4 ')).toEqual({ ...every(1), gateway: 4 });
  });

  it('takes a number for every app with pairs that say otherwise for some', () => {
    expect(parseInstances('2,label=3')).toEqual({ ...every(2), label: 3 });
    expect(parseInstances('label=1,3')).toEqual({ ...every(3), label: 1 });
  });

  it.each([
    ['0', '"0" is not a number of instances from 1 to 32'],
    ['33', '"33" is not a number of instances from 1 to 32'],
    ['-1', '"-1" is not a number of instances from 1 to 32'],
    ['1.5', '"1.5" is not a number of instances from 1 to 32'],
    ['label=three', '"three" is not a number of instances from 1 to 32'],
    ['label=', '"" is not a number of instances from 1 to 32'],
    ['', 'an empty item'],
    ['2,', 'an empty item'],
    ['labels=2', 'there is no app "labels"'],
    ['label=2,label=3', 'label is given twice'],
    ['2,3', 'the number for every app is given twice'],
    ['label 2', '"label 2" is not a number of instances'],
  ])('refuses %j: %s', (text, why) => {
    expect(() => parseInstances(text)).toThrow(UsageError);
    expect(() => parseInstances(text)).toThrow(`--instances ${JSON.stringify(text)}: ${why}`);
  });

  it('says what it takes when it refuses a value', () => {
    expect(() => parseInstances('labels=2')).toThrow(
      'Give a number for every app (2) or app=N pairs separated by commas (label=3,batch=2); apps: order, pickup, batch, label, webhook, gateway',
    );
  });
});
