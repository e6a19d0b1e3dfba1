// The report "Show Report" opens after a bulk update: the summary, then each bucket with its exact
// count and every id, and the reasons of the failed and unknown groups.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { outcomeReport } from '../../../src/core/bulk/report';
import type { BulkOutcome } from '../../../src/core/bulk';

test('every id of the run is listed once, under its bucket, with exact counts', () => {
  const outcome: BulkOutcome = {
    selected: ['a', 'b', 'c', 'd', 'e', 'f'],
    duplicates: ['a'],
    updated: ['a'],
    invalid: ['b'],
    validNotApplied: ['c'],
    failed: [{ ids: ['d'], kind: 'server', reason: 'The service failed with an internal error', chunk: 2, status: 500 }],
    unknown: [{ ids: ['e'], kind: 'timeout', reason: 'No answer within 60 s', chunk: 3 }],
    notSent: ['f'],
    unexpected: [],
    requests: 4,
    chunks: [],
  };
  const report = outcomeReport(outcome, { source: 'targets/shop.target-settings.yaml', documentIndex: 1, service: 'https://api.example' });
  assert.equal(
    report,
    [
      'Bulk update of document 2 of targets/shop.target-settings.yaml, sent to https://api.example',
      '',
      '1 of 6 ids updated in 4 requests. 1 was rejected by the service as invalid. 1 valid id was not applied, because its request had an invalid id. ' +
        "1 failed and was not applied. 1 may have been applied: the service's answer was lost. 1 was not sent.",
      '',
      'Updated: 1',
      '  a',
      'Rejected by the service as invalid: 1',
      '  b',
      'Valid, not applied because their request had an invalid id: 1',
      '  c',
      'Failed, not applied: 1',
      '  Request 3, HTTP 500: The service failed with an internal error',
      '    d',
      'Unknown, may have been applied because the answer was lost: 1',
      '  Request 4: No answer within 60 s',
      '    e',
      'Not sent: 1',
      '  f',
      'Listed more than once, sent once: 1',
      '  a',
      '',
    ].join('\n'),
  );
});
