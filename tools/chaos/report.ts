import type { CampaignReport } from './campaign';
import { FAULT_KINDS } from './fault-schedule';

export const held = (report: CampaignReport) =>
  report.settled && report.invariants.every((invariant) => invariant.broken.length === 0);

/** One line per invariant (name, count checked, held or BROKEN with what broke), then a total line. */
export function formatReport(report: CampaignReport): string {
  const lines = [
    `seed ${report.seed}, ${report.minutes} min of load, ${report.operations} operations, ` +
      `${(report.elapsedMs / 1000).toFixed(0)} s in all`,
    `faults injected: ${[...report.faultsByKind].map(([kind, count]) => `${kind} ${count}`).join(', ') || 'none'}` +
      (report.faultsSkipped > 0 ? ` (${report.faultsSkipped} skipped or failed)` : ''),
  ];
  if (!report.settled) lines.push('the system did NOT settle: the counts below are of what it reached');
  for (const invariant of report.invariants) {
    const state = invariant.broken.length === 0 ? 'held' : 'BROKEN';
    lines.push(`${state.padEnd(6)} ${String(invariant.checked).padStart(6)} checked  ${invariant.name}`);
    for (const what of invariant.broken) lines.push(`         ${what}`);
  }
  const someKinds =
    report.faultKinds.length < FAULT_KINDS.length ? ` --faults ${report.faultKinds.join(',')}` : '';
  const brokenCount = report.invariants.filter((invariant) => invariant.broken.length > 0).length;
  lines.push(
    held(report)
      ? `total: ${report.invariants.length} invariants held (seed ${report.seed})`
      : `total: ${brokenCount} of ${report.invariants.length} invariants broken${report.settled ? '' : ', not settled'} (replay with --seed ${report.seed} --minutes ${report.minutes}${someKinds})`,
  );
  return `${lines.join('\n')}\n`;
}
