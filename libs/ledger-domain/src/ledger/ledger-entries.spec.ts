import { type LedgerCommand, ledgerDecider, type LedgerState } from './ledger-decider';
import {
  balanceChangeOf,
  type IndexedEntry,
  type LedgerFacts,
  ledgerEntryOf,
  ledgerLookupFor,
  ledgerStateFor,
} from './ledger-entries';
import type { LedgerEvent } from './ledger-events';

const now = '2026-11-21T10:00:00.000Z';
const accountId = 'acct_acme';

/** A small deterministic generator (mulberry32), so a failing history can be replayed. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { below: (n: number) => Math.floor(next() * n) };
}

/** Few keys and amounts, so histories repeat keys, refund partly and run out of credit often. */
function randomCommand(pick: ReturnType<typeof random>): LedgerCommand {
  const amountCents = [0, 100, 250, 400, 700][pick.below(5)];
  const batchId = `b${pick.below(4)}`;
  const shipmentOrderId = 100 + pick.below(4);
  switch (pick.below(6)) {
    case 0:
      return {
        type: 'GrantCredit',
        accountId,
        grantId: `g${pick.below(3)}`,
        amountCents,
        reason: 'top-up',
        now,
      };
    case 1:
      return { type: 'ChargeBatch', accountId, batchId, amountCents, now };
    case 5:
      return {
        type: 'AddCredit',
        accountId,
        creditId: `c${pick.below(3)}`,
        amountCents,
        reference: ['wire', 'card'][pick.below(2)],
        now,
      };
    case 2:
      return {
        type: 'RefundItem',
        accountId,
        batchId,
        itemId: `${batchId}-i${pick.below(3)}`,
        amountCents,
        now,
      };
    case 3:
      return { type: 'ChargeShipment', accountId, shipmentOrderId, amountCents, now };
    default:
      return { type: 'RefundShipment', accountId, shipmentOrderId, amountCents, now };
  }
}

/** What the ledger's index holds for a history: every event as an entry with the balance after it, and the balance. */
function factsFor(command: LedgerCommand, history: LedgerEvent[]): LedgerFacts {
  const lookup = ledgerLookupFor(command);
  const entries = new Map<string, IndexedEntry>();
  let refundedCents = 0;
  let balanceCents = 0;
  for (const event of history) {
    const entry = ledgerEntryOf(event);
    balanceCents += balanceChangeOf(event);
    if (lookup.keys.includes(entry.key))
      entries.set(entry.key, {
        amountCents: entry.amountCents,
        reference: entry.reference,
        balanceAfterCents: balanceCents,
      });
    if (lookup.refundsOf !== undefined && entry.parent === lookup.refundsOf)
      refundedCents += entry.amountCents;
  }
  return { balanceCents, entries, refundedCents };
}

function outcome(command: LedgerCommand, state: LedgerState): unknown {
  try {
    return ledgerDecider.decide(command, state);
  } catch (error) {
    return { refused: (error as Error).constructor.name, message: (error as Error).message };
  }
}

describe('deciding on the ledger index', () => {
  it('decides every command exactly as on the whole stream, over random histories', () => {
    let decisions = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const pick = random(seed);
      const history: LedgerEvent[] = [];
      let state = ledgerDecider.initialState;
      for (let step = 0; step < 60; step++) {
        const probe = randomCommand(pick);
        const onWholeStream = outcome(probe, state);
        const onIndex = ledgerStateFor(probe, factsFor(probe, history));
        expect({ seed, step, outcome: outcome(probe, onIndex) }).toEqual({
          seed,
          step,
          outcome: onWholeStream,
        });
        // A repeated credit is answered with what the credit added and the balance after it.
        if (probe.type === 'AddCredit')
          expect(onIndex.creditIds.get(probe.creditId)).toEqual(state.creditIds.get(probe.creditId));
        decisions += 1;
        if (Array.isArray(onWholeStream)) {
          history.push(...(onWholeStream as LedgerEvent[]));
          state = (onWholeStream as LedgerEvent[]).reduce(ledgerDecider.evolve, state);
        }
      }
    }
    expect(decisions).toBe(12_000);
  });

  it('reads the same few rows for a command whatever the length of the history', () => {
    const charge: LedgerCommand = { type: 'ChargeBatch', accountId, batchId: 'b-new', amountCents: 100, now };
    const refund: LedgerCommand = {
      type: 'RefundItem',
      accountId,
      batchId: 'b7',
      itemId: 'i7',
      amountCents: 100,
      now,
    };
    expect(ledgerLookupFor(charge)).toEqual({ keys: ['batch:b-new'] });
    expect(ledgerLookupFor(refund)).toEqual({ keys: ['batch:b7', 'item-refund:i7'], refundsOf: 'batch:b7' });

    const history: LedgerEvent[] = Array.from({ length: 5_000 }, (_, n) => ({
      type: 'BatchCharged',
      data: { account_id: accountId, batch_id: `b${n}`, amount_cents: 1, at: now },
    }));
    const state = ledgerStateFor(refund, factsFor(refund, history));
    const size = state.grantIds.size + state.chargedBatches.size + state.refundedItemIds.size;
    expect(size + state.chargedShipments.size + state.refundedShipments.size).toBe(1);
    expect(state.chargedBatches).toEqual(new Map([['b7', 1]]));
  });
});
