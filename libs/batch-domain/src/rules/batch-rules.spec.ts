import { Conflict, type AccountPreferences } from '@shipping/contracts-core';
import { batchDecider } from '../batches/batch-decider';
import type { ShipBatch } from '../batches/batch-commands';
import { ACCOUNT, BATCH, now, readyBatch } from '../batches/batch-history.fixture';
import { pricedItem } from '../batches/item-validation';
import { NO_RATE_MESSAGE } from '../pricing/shipment-price';
import { BATCH_RULES } from './batch-rules';
import type { ItemRule, ShipRule } from './batch-rule';

const preferences: AccountPreferences = { weight_unit: 'LBS', length_unit: 'IN' };
const ship: ShipBatch = { type: 'ShipBatch', batchId: BATCH, accountId: ACCOUNT, now };
const ready = readyBatch([995]).reduce(batchDecider.evolve, batchDecider.initialState);
const itemRules = BATCH_RULES.filter((rule): rule is ItemRule => rule.on === 'item');
const shipRules = BATCH_RULES.filter((rule): rule is ShipRule => rule.on === 'ship');

describe('BATCH_RULES', () => {
  afterEach(() => jest.restoreAllMocks());

  it('has rules with distinct names, of items and of ships', () => {
    expect(new Set(BATCH_RULES.map((rule) => rule.name)).size).toBe(BATCH_RULES.length);
    expect(itemRules.length).toBeGreaterThan(0);
    expect(shipRules.length).toBeGreaterThan(0);
  });

  it("is what an item's validation applies: each item rule once, on the item with its units defaulted", () => {
    const checks = itemRules.map((rule) => jest.spyOn(rule, 'check'));
    const shipment = { package_list: [{ count: 1, weight: 1 }] };
    expect(pricedItem('i0', 'USPS-1', shipment, undefined, preferences)).toMatchObject({ valid: true });
    for (const check of checks)
      expect(check.mock.calls).toEqual([
        [{ service: 'USPS-1', shipment: { ...shipment, weight_unit: 'LBS', length_unit: 'IN' } }],
      ]);
  });

  it("adds up the errors of every item rule an item breaks, in the list's order", () => {
    itemRules.forEach((rule, index) =>
      jest
        .spyOn(rule, 'check')
        .mockReturnValue({ package_list: [`rule ${index}`], [`field${index}`]: ['x'] }),
    );
    const shipment = { package_list: [{ count: 1, weight: 1 }] };
    expect(pricedItem('i0', 'USPS-1', shipment, undefined, preferences)).toEqual({
      item_id: 'i0',
      valid: false,
      errors: {
        package_list: itemRules.map((_rule, index) => `rule ${index}`),
        ...Object.fromEntries(itemRules.map((_rule, index) => [`field${index}`, ['x']])),
      },
    });
  });

  it('refuses an item without a rate on the service with the rate rule of the list', () => {
    const heavy = { package_list: [{ count: 1, weight: 70.01 }] };
    expect(pricedItem('i0', 'USPS-1', heavy, undefined, preferences)).toEqual({
      item_id: 'i0',
      valid: false,
      errors: { package_list: [NO_RATE_MESSAGE] },
    });
  });

  it('is what a ship applies: every ship rule, in order, on a batch that ships', () => {
    const checks = shipRules.map((rule) => jest.spyOn(rule, 'check'));
    expect(batchDecider.decide(ship, ready)).toHaveLength(1);
    for (const check of checks) expect(check.mock.calls).toEqual([[ship, ready]]);
  });

  it('refuses a ship with the first ship rule that breaks, asking no later rule', () => {
    const [first, ...later] = shipRules;
    const refusal = new Conflict('Refused by the first ship rule.');
    jest.spyOn(first, 'check').mockReturnValue(refusal);
    const laterChecks = later.map((rule) => jest.spyOn(rule, 'check'));
    expect(() => batchDecider.decide(ship, ready)).toThrow(refusal);
    for (const check of laterChecks) expect(check).not.toHaveBeenCalled();
  });
});
