import { ledgerStreamName, modeOfLedgerStream } from './ledger-events';

describe('the ledger streams of an account', () => {
  it('keeps the test ledger under the name every ledger had, and names the live one apart', () => {
    expect(ledgerStreamName('acct_acme')).toBe('ledger-acct_acme');
    expect(ledgerStreamName('acct_acme', 'test')).toBe('ledger-acct_acme');
    expect(ledgerStreamName('acct_acme', 'live')).toBe('ledger-live-acct_acme');
  });

  it.each(['test', 'live'] as const)('tells the %s mode back from the stream name', (mode) => {
    expect(modeOfLedgerStream(ledgerStreamName('acct_acme', mode))).toBe(mode);
  });
});
