import { Counter, register } from 'prom-client';

function counter<L extends string>(name: string, help: string, labelNames: L[]): Counter<L> {
  const existing = register.getSingleMetric(name) as Counter<L> | undefined;
  return existing ?? new Counter({ name, help, labelNames });
}

/** What the carrier guards of this process did, by carrier (accounts are left out: too many). */
export const guardMetrics = {
  calls: counter(
    'shipping_carrier_calls_total',
    'Calls to a carrier through its guard, by carrier and outcome: answered, fault, rate_limited',
    ['carrier', 'outcome'],
  ),
  circuits: counter(
    'shipping_carrier_circuit_changes_total',
    "Changes of a carrier account's circuit in this process, by carrier and the state it entered (open, half-open, closed)",
    ['carrier', 'state'],
  ),
  unavailable: counter(
    'shipping_carrier_unavailable_total',
    'Calls that waited out an open circuit for the longest wait and answered unavailable, by carrier',
    ['carrier'],
  ),
};
