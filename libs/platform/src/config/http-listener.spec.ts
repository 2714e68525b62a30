import {
  DEFAULT_HTTP_PORT,
  HostVariable,
  type HttpListenerConfig,
  LOOPBACK_HOST,
  PortVariable,
} from './http-listener';
import { validateConfig } from './validate-config';

class ListenerConfig implements HttpListenerConfig {
  @PortVariable()
  PORT = DEFAULT_HTTP_PORT;

  @HostVariable()
  HOST = LOOPBACK_HOST;

  @PortVariable({ optional: true })
  METRICS_PORT?: number;
}

describe('the HTTP listener variables', () => {
  it('listen on 127.0.0.1:3000 unless told otherwise', () => {
    expect(validateConfig(ListenerConfig, {})).toEqual({ PORT: 3000, HOST: '127.0.0.1' });
    expect(validateConfig(ListenerConfig, { PORT: '0', HOST: '0.0.0.0', METRICS_PORT: '9101' })).toEqual({
      PORT: 0,
      HOST: '0.0.0.0',
      METRICS_PORT: 9101,
    });
  });

  it('take a port from 0 to 65535, named in the message', () => {
    expect(() => validateConfig(ListenerConfig, { PORT: 'http' })).toThrow(
      'PORT=null: PORT must not be greater than 65535; PORT must not be less than 0; PORT must be an integer',
    );
    expect(() => validateConfig(ListenerConfig, { METRICS_PORT: '70000' })).toThrow(
      'METRICS_PORT=70000: METRICS_PORT must not be greater than 65535',
    );
  });
});
