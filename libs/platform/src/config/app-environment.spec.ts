import 'reflect-metadata';
import { IsIn } from 'class-validator';
import { DistributedConfig } from '../distributed/distributed-config';
import { publicBaseUrl, readLabelUrlConfig } from '../labels/label-urls';
import { checkEnvironment, type Env, environmentProblems, variablesReadBy } from './app-environment';
import { ConfigurationError } from './validate-config';

class ColourConfig {
  @IsIn(['red', 'blue'], { message: 'COLOUR must be red or blue' })
  COLOUR = 'red';
}

const readShade = (env: Env) => {
  const shade = env['SHADE'] ?? 'light';
  if (shade !== 'light' && shade !== 'dark')
    throw new Error(`Invalid environment variable SHADE=${JSON.stringify(shade)}: expected light or dark.`);
  return shade;
};

describe("an app's environment", () => {
  it('is what its config class validates and what its readers look up, inherited properties included', () => {
    expect(variablesReadBy({ config: ColourConfig, readers: [readShade] })).toEqual(['COLOUR', 'SHADE']);
    expect(
      variablesReadBy({ config: DistributedConfig, readers: [readLabelUrlConfig, publicBaseUrl] }),
    ).toEqual([
      'DATABASE_URL',
      'DATA_DIR',
      'ESDB_URL',
      'EVENT_STORE',
      'KAFKA_BROKERS',
      'KAFKA_MIN_INSYNC_REPLICAS',
      'KAFKA_PARTITIONS',
      'KAFKA_REPLICATION_FACTOR',
      'KAFKA_SASL_MECHANISM',
      'KAFKA_SASL_PASSWORD',
      'KAFKA_SASL_USERNAME',
      'KAFKA_SSL',
      'KAFKA_SSL_CA_FILE',
      'KAFKA_SSL_CERT_FILE',
      'KAFKA_SSL_KEY_FILE',
      'LABEL_URL_SECRET',
      'LABEL_URL_TTL_SECONDS',
      'METRICS_HOST',
      'METRICS_PORT',
      'PORT',
      'PUBLIC_BASE_URL',
      'SHIPPING_MODE',
      'STORE',
    ]);
  });

  it('is checked as a whole: every unusable variable is named at once', () => {
    expect(() =>
      checkEnvironment({ config: ColourConfig, readers: [readShade] }, { COLOUR: 'blue', SHADE: 'dark' }),
    ).not.toThrow();
    try {
      checkEnvironment({ config: ColourConfig, readers: [readShade] }, { COLOUR: 'green', SHADE: 'pale' });
      throw new Error('expected a ConfigurationError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).problems).toEqual([
        'COLOUR="green": COLOUR must be red or blue',
        'Invalid environment variable SHADE="pale": expected light or dark.',
      ]);
    }
  });

  it('answers its problems without throwing, none when the app can start', () => {
    const colours = { config: ColourConfig, readers: [readShade] };
    expect(environmentProblems(colours, { COLOUR: 'blue', SHADE: 'dark' })).toEqual([]);
    expect(environmentProblems(colours, { COLOUR: 'green' })).toEqual([
      'COLOUR="green": COLOUR must be red or blue',
    ]);
    expect(environmentProblems(colours, { SHADE: 'pale' })).toEqual([
      'Invalid environment variable SHADE="pale": expected light or dark.',
    ]);
  });
});
