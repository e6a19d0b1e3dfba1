import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hidePlanBody } from '../../../src/editor/protocolTrace';
import { PLAN_BULK_UPDATE } from '../../../src/server/protocol';

test('the protocol trace never shows a bulk update plan, whose body holds resolved secrets', () => {
  const secret = 'resolved-SECRET-value';
  const line = `[Trace - 10:00:00] Received response '${PLAN_BULK_UPDATE} - (7)' in 3ms.\nResult: {"body":{"site":{"basic_auth":{"password":"${secret}"}}}}`;
  const shown = hidePlanBody(line);
  assert.ok(!shown.includes(secret));
  assert.match(shown, /^\[Trace - 10:00:00\] Received response 'scanTargets\/planBulkUpdate - \(7\)' in 3ms\.\n\(the bulk update plan is not shown/);
  const other = `[Trace - 10:00:01] Received notification 'textDocument/publishDiagnostics'.\nParams: {"uri":"file:///a.yaml"}`;
  assert.equal(hidePlanBody(other), other);
});
