// What the launchers of the suites that run inside VS Code (run-integration.mjs, run-web-tests.mjs)
// share: the user settings of the test window, and the results a suite reports, one JSON record per
// event, printed and counted.

/** A quiet window whose language client traces every message (the integration runs scan those logs for secrets). */
export const SUITE_SETTINGS = {
  'scanTargets.trace.server': 'verbose',
  'workbench.startupEditor': 'none',
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'workbench.tips.enabled': false,
};

/** Prints a test's result and counts it in `counts` ({passed, failed, pending}); false for any other event. */
export function countResult(record, counts) {
  if (record.event === 'pass') {
    counts.passed++;
    console.log(`  ✔ ${record.title} (${record.durationMs} ms)`);
  } else if (record.event === 'pending') {
    counts.pending++;
    console.log(`  - ${record.title} (skipped)`);
  } else if (record.event === 'fail') {
    counts.failed++;
    console.log(`  ✘ ${record.title}\n${indent(record.error)}`);
  } else return false;
  return true;
}

export function indent(text) {
  return String(text)
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n');
}
