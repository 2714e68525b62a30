import { atMost } from '../target';
import type { LifecycleFigures, RuntimeUnderTest } from './lifecycle-runtimes';

export interface RawTimings {
  totalMs: number;
  renderMs: number;
  mergeMs: number;
  /** CPU of every thread of the process that drew and merged the labels (measured for warmed-up threads). */
  cpuSeconds?: number;
}

export interface Measured {
  runtime: RuntimeUnderTest;
  figures: LifecycleFigures;
}

const seconds = (value: number) => `${value.toFixed(2)} s`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (value: number) => `${value.toFixed(0)} MB`;
const rawCpu = ({ cpuSeconds, totalMs }: RawTimings) =>
  cpuSeconds === undefined
    ? ''
    : `; ${seconds(cpuSeconds)} CPU, ${(cpuSeconds / (totalMs / 1000)).toFixed(2)} cores busy`;
const rawFigures = (timings: RawTimings) =>
  `${seconds(timings.totalMs / 1000)} (render ${seconds(timings.renderMs / 1000)}, merge ${seconds(timings.mergeMs / 1000)}${rawCpu(timings)})`;

const row = (name: string, cells: string[], target = '') =>
  console.log(`  ${name.padEnd(31)}${cells.map((cell) => cell.padStart(24)).join('')}   ${target}`);

/** Prints one column per runtime; each figure with a target of issue 18 says whether it met it. */
export function printLifecycle(
  items: number,
  raw: { first: RawTimings; second: RawTimings },
  runs: Measured[],
): void {
  const rawSeconds = { first: raw.first.totalMs / 1000, second: raw.second.totalMs / 1000 };
  const cells = (cell: (measured: Measured) => string) => runs.map(cell);
  console.log(
    `bench/batch: ${items} items; raw pdf-lib, same work: ${rawFigures(raw.first)} on fresh threads, ${rawFigures(raw.second)} on warmed-up threads`,
  );
  row(
    '',
    cells(({ runtime }) => runtime.heading[0]),
  );
  row(
    '',
    cells(({ runtime }) => runtime.heading[1]),
    'target',
  );

  row(
    'create -> ready, 1st batch',
    cells(({ figures }) => seconds(figures.first.readySeconds)),
  );
  row(
    'create -> ready, 2nd batch',
    cells(
      ({ figures, runtime }) =>
        `${seconds(figures.second.readySeconds)} ${atMost(figures.second.readySeconds, runtime.readySecondsTarget)}`,
    ),
    `at most ${runs.map(({ runtime }) => seconds(runtime.readySecondsTarget)).join(' / ')}`,
  );
  row(
    'ship -> completed, 1st batch',
    cells(({ figures }) => seconds(figures.first.completedSeconds)),
  );
  row(
    'ship -> completed, 2nd batch',
    cells(({ figures }) => seconds(figures.second.completedSeconds)),
  );
  for (const [name, batch] of [
    ['ship / raw pdf-lib, 1st batch', 'first'],
    ['ship / warm raw pdf-lib, 2nd', 'second'],
  ] as const) {
    row(
      name,
      cells(({ figures, runtime }) => {
        const ratio = figures[batch].completedSeconds / rawSeconds[batch];
        return `${ratio.toFixed(2)}x ${atMost(ratio, runtime.shipRatioTarget)}`;
      }),
      `at most ${runs.map(({ runtime }) => `${runtime.shipRatioTarget}x`).join(' / ')}`,
    );
  }
  row(
    'CPU, ship -> completed, 2nd',
    cells(
      ({ figures: { second } }) =>
        `${seconds(second.shipCpuSeconds)}, ${(second.shipCpuSeconds / second.completedSeconds).toFixed(2)} cores`,
    ),
    "the runtime, against warm raw pdf-lib's CPU and cores",
  );
  row(
    '  of which main threads',
    cells(({ figures: { second } }) => seconds(second.shipMainThreadCpuSeconds)),
  );
  row(
    '  and the PostgreSQL server',
    cells(({ figures: { second } }) => seconds(second.shipServerCpuSeconds)),
  );
  row(
    'CPU, start to 2nd batch completed',
    cells(({ figures }) => seconds(figures.cpuSeconds)),
  );
  row(
    'peak RSS over both batches',
    cells(({ figures, runtime }) =>
      runtime.peakRssMbTarget === undefined
        ? mb(figures.rssMb)
        : `${mb(figures.rssMb)} ${atMost(figures.rssMb, runtime.peakRssMbTarget)}`,
    ),
    'PGlite at most 350 MB (distributed: sum of 6 apps)',
  );
  row(
    'GET /shippers p50',
    cells(({ figures }) => ms(figures.roundTrip.p50)),
  );
  row(
    'GET /shippers p99',
    cells(({ figures }) => ms(figures.roundTrip.p99)),
  );
  row(
    'labels bought, 1st batch',
    cells(({ figures }) => figures.first.labels),
  );
  row(
    'labels bought, 2nd batch',
    cells(({ figures }) => figures.second.labels),
  );
  for (const { figures, runtime } of runs) {
    if (figures.firstStartRssMb === undefined || runtime.firstStartRssMbTarget === undefined) continue;
    console.log(
      `  PGlite's first start of a data folder peaks at ${mb(figures.firstStartRssMb)} (a copy of the data template, migrated): ` +
        `${atMost(figures.firstStartRssMb, runtime.firstStartRssMbTarget)}, target at most ${mb(runtime.firstStartRssMbTarget)}`,
    );
  }
}
