import { startedOn } from './app-instance';

describe("an app's started line", () => {
  it('gives the port of its metrics and health listener', () => {
    expect(
      startedOn('{"level":30,"msg":"started","app":"order","brokers":"127.0.0.1:19092","metricsPort":40123}'),
    ).toBe(40123);
  });

  it('is told from any other line', () => {
    expect(startedOn('{"level":30,"msg":"listening","url":"http://127.0.0.1:3000"}')).toBeUndefined();
    expect(
      startedOn('{"level":30,"msg":"started","app":"gateway","brokers":"127.0.0.1:19092"}'),
    ).toBeUndefined();
    expect(
      startedOn('[Nest] 1 - LOG [NestApplication] Nest application successfully "started"'),
    ).toBeUndefined();
  });
});
