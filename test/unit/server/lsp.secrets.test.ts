// The trust boundary, seen from the wire: a plain LSP client that keeps every byte the server
// writes, at the verbose trace level, against a file whose basic-auth password, OTP secret, header
// value and form-login value are `${env:NAME}` placeholders with the variables set in the server's
// environment. Whatever it asks (hover on each placeholder, completion, quick fixes, lenses,
// outline, folding, a bulk-update plan and preview, a plan over files, a run's outcome, edits), none of the values
// crosses the protocol: the plan carries the placeholders as written. (The trace is asked for at
// the verbose level, so that whatever the server would trace is in the bytes scanned too.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PreparedBody } from '../../../src/core/bulk/body';
import { previewJson } from '../../../src/core/bulk/preview';
import { CANARY_ENV_SECRETS } from '../../fixtures/canary';
import { CLI, assertBuilt } from '../cli/helpers';
import { StdioLspClient } from './lspClient';
import { secretsFileText, WRITTEN_IN_CLEAR } from '../../fixtures/secretsFile';

const URI = 'file:///work/secrets.target-settings.yaml';
const TEXT = secretsFileText(['3Sy7TyNMnQ8x', '4Hk2QpZr9WbT']);

const LINES = TEXT.split('\n');
/** Where `${env:NAME}` stands in the text (0-based line and the character inside the name). */
function placeholderAt(name: string): { line: number; character: number } {
  const line = LINES.findIndex((l) => l.includes(`\${env:${name}}`));
  return { line, character: (LINES[line] ?? '').indexOf(name) + 1 };
}

interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  code: string;
  source: string;
}

test('no resolved ${env:NAME} value crosses the protocol, whatever the client asks, at the verbose trace level', async () => {
  assertBuilt();
  const client = new StdioLspClient(process.execPath, [CLI, 'lsp', '--stdio'], () => ({ validation: { debounceMs: 0 } }), {
    ...process.env,
    ...CANARY_ENV_SECRETS,
  });
  try {
    await client.request('initialize', {
      processId: process.pid,
      rootUri: 'file:///work',
      trace: 'verbose',
      capabilities: { workspace: { configuration: true, codeLens: { refreshSupport: true } }, textDocument: { publishDiagnostics: { versionSupport: true } } },
    });
    client.notify('initialized', {});
    client.notify('$/setTrace', { value: 'verbose' });
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } });
    const published = (await client.waitForNotification('textDocument/publishDiagnostics', (p) => (p as { version?: number }).version === 1)) as {
      diagnostics: Diagnostic[];
    };
    assert.deepEqual(
      published.diagnostics.map((d) => d.code),
      [],
      'a valid file, every variable set: nothing to report',
    );

    for (const name of Object.keys(CANARY_ENV_SECRETS)) {
      const hover = await client.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: URI }, position: placeholderAt(name) });
      assert.match(hover.contents.value, new RegExp(`\`${name}\`\\*\\* is \\*\\*set\\*\\*`), 'the hover says the variable is set');
      await client.request('textDocument/completion', { textDocument: { uri: URI }, position: placeholderAt(name) });
    }
    await client.request('textDocument/completion', { textDocument: { uri: URI }, position: { line: LINES.length - 1, character: 0 } });
    await client.request('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: { start: { line: 0, character: 0 }, end: { line: LINES.length - 1, character: 0 } },
      context: { diagnostics: published.diagnostics },
    });
    const lenses = await client.request<Array<{ command: { title: string } }>>('textDocument/codeLens', { textDocument: { uri: URI } });
    assert.deepEqual(
      lenses.map((l) => l.command.title),
      ['Bulk update 2 targets', 'Preview'],
    );
    await client.request('textDocument/documentSymbol', { textDocument: { uri: URI } });
    await client.request('textDocument/foldingRange', { textDocument: { uri: URI } });

    type Plan = { ok: boolean; plan?: { prepared: PreparedBody & { settings: { site: { basic_auth: { password: string }; otp_secret: string } } } } };
    const plan = await client.request<Plan>('scanTargets/planBulkUpdate', { uri: URI, version: 1, target: { documentIndex: 0 } });
    assert.equal(plan.ok, true, JSON.stringify(plan));
    assert.equal(plan.plan?.prepared.settings.site.basic_auth.password, '${env:SHOP_PW}', 'the plan carries the placeholder as written');
    assert.equal(plan.plan?.prepared.settings.site.otp_secret, '${env:SHOP_OTP}');
    assert.ok(!('preview' in (plan.plan ?? {})), 'no preview: the editor makes it from the body when asked');
    assert.match(plan.plan === undefined ? '' : previewJson(plan.plan.prepared), /"password": "••••••"/);
    assert.ok(!('secretValues' in (plan.plan?.prepared ?? {})), 'no list of secret values');
    const preview = await client.request<Plan>('scanTargets/planBulkUpdate', { uri: URI, version: 1, target: { selections: [] }, purpose: 'preview' });
    assert.equal(preview.ok, true);
    await client.request('scanTargets/recordBulkOutcome', {
      uri: URI,
      documentIndex: 0,
      sent: ['3Sy7TyNMnQ8x', '4Hk2QpZr9WbT'],
      invalid: ['4Hk2QpZr9WbT'],
      failed: [],
    });
    await client.waitForNotification('textDocument/publishDiagnostics', (p) =>
      (p as { diagnostics: Diagnostic[] }).diagnostics.some((d) => d.code === 'invalid-id'),
    );

    // An edit that unsets nothing but moves everything, then the plan again on the new version.
    client.notify('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# edited\n' }],
    });
    await client.waitForNotification('textDocument/publishDiagnostics', (p) => (p as { version?: number }).version === 2);
    assert.equal((await client.request<Plan>('scanTargets/planBulkUpdate', { uri: URI, version: 2, target: { documentIndex: 0 } })).ok, true);

    // A plan over files (the editor's apply): the open file against its text at a base, and a file
    // that is not open, sent whole; then a run's outcome on the file that is not open.
    type Unit = {
      change: string;
      prepared?: { settings: { site: { basic_auth: { password: string } } } };
      settings?: { site: { basic_auth: { password: string } } };
    };
    const CLOSED = 'file:///work/closed.target-settings.yaml';
    const changes = await client.request<{ files: { units: Unit[] }[]; problems: unknown[] }>('scanTargets/planChanges', {
      files: [
        {
          uri: URI,
          path: 'secrets.target-settings.yaml',
          text: `# edited\n${TEXT}`,
          base: { kind: 'present', text: TEXT.replace('3Sy7TyNMnQ8x', '5Jm3RtYs8VcX') },
        },
        { uri: CLOSED, path: 'closed.target-settings.yaml', text: TEXT, base: { kind: 'absent' } },
      ],
      removed: [],
      problems: [],
      changedSince: { ref: 'HEAD', commit: '0123456789abcdef0123456789abcdef01234567' },
      chunkSize: 500,
    });
    assert.deepEqual(changes.problems, []);
    assert.deepEqual(
      changes.files.map((f) => f.units.map((u) => u.change)),
      [['ids added'], ['new file']],
    );
    for (const unit of changes.files.flatMap((f) => f.units)) {
      assert.equal(unit.prepared?.settings.site.basic_auth.password, '${env:SHOP_PW}', 'the plan carries the placeholder as written');
      assert.equal(unit.settings?.site.basic_auth.password, '••••••', 'and masks it where people read it');
    }
    const recorded = await client.request<{ invalidIds: number }>('scanTargets/recordBulkOutcome', {
      uri: CLOSED,
      text: TEXT,
      documentIndex: 0,
      sent: ['3Sy7TyNMnQ8x'],
      invalid: ['3Sy7TyNMnQ8x'],
      failed: [],
    });
    assert.equal(recorded.invalidIds, 1, 'recorded on the text given, for a file the client has not opened');

    await client.request('shutdown', null);
    client.notify('exit', null);
    assert.equal(await client.exited(), 0);

    const wire = client.wire + client.stderr;
    assert.ok(wire.includes(WRITTEN_IN_CLEAR), 'control: the scanned bytes hold what the plan carries');
    for (const [name, value] of Object.entries(CANARY_ENV_SECRETS)) {
      for (const form of [value, Buffer.from(value).toString('base64'), encodeURIComponent(value)]) {
        assert.ok(!wire.includes(form), `the value of ${name} crossed the protocol`);
      }
    }
  } finally {
    client.process.kill();
  }
});
