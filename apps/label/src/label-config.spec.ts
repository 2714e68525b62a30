import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { readLabelConfig } from './label-config';

describe('label app configuration', () => {
  it('keeps labels in ./data/labels with one worker per CPU by default', () => {
    expect(readLabelConfig({})).toEqual({
      labelsRoot: resolve('data/labels'),
      workers: availableParallelism(),
    });
  });

  it('reads DATA_DIR and LABEL_WORKERS', () => {
    expect(readLabelConfig({ DATA_DIR: '/srv/shipping', LABEL_WORKERS: '3' })).toEqual({
      labelsRoot: '/srv/shipping/labels',
      workers: 3,
    });
  });

  it.each(['0', '-1', 'two', '1.5'])('refuses LABEL_WORKERS=%p by name', (value) => {
    expect(() => readLabelConfig({ LABEL_WORKERS: value })).toThrow(
      `Invalid environment variable LABEL_WORKERS="${value}"`,
    );
  });
});
