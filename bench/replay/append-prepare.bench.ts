/**
 * bench/replay/append-prepare: the CPU an append spends before its statement goes to the database
 * (ids checked, data and metadata written as RFC 8785 text, each event hashed and chained, the
 * batch's parameters built and encoded as the driver sends them), on the events of bench:replay's
 * batches, with no database. Prints µs per event, min / median / max of the rounds.
 * Run: node -r ./tools/ts-runtime/register.js bench/replay/append-prepare.bench.ts [--batches 10 --rounds 5]
 * (`node --cpu-prof` in front writes a profile of it)
 */
import { parseArgs } from 'node:util';
import {
  appendStatement,
  prepareBatch,
  streamStart,
} from '../../libs/event-store/src/postgres/append-statement';
import { batchWrites } from './bench-batches';
import { spread } from '../spread';

const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '5' },
  },
});
const batches = Array.from({ length: Number(values.batches) }, (_, n) => batchWrites(n, 1000));
const events = batches.reduce((sum, batch) => sum + batch.events, 0);

function prepareAll(): number {
  let bytes = 0;
  for (const { streamName, appends } of batches) {
    let previous = streamStart;
    for (const append of appends) {
      const batch = prepareBatch(streamName, append, previous);
      const { params } = appendStatement('event_store.events', streamName, batch, previous);
      for (const param of params) if (typeof param === 'string') bytes += Buffer.byteLength(param);
      previous = batch.last;
    }
  }
  return bytes;
}

prepareAll();
const perEvent: number[] = [];
for (let round = 0; round < Number(values.rounds); round++) {
  const started = process.cpuUsage();
  prepareAll();
  const { user, system } = process.cpuUsage(started);
  perEvent.push((user + system) / events);
}
const { min, median, max } = spread(perEvent);
console.log(
  `${events} events in ${batches.length} batches: ${min.toFixed(2)} / ${median.toFixed(2)} / ${max.toFixed(2)} µs CPU an event (min / median / max of ${perEvent.length} rounds)`,
);
