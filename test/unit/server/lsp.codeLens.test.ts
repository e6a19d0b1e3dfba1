// The "Bulk update N targets" / "Preview" lenses above `ids:`, as any LSP client asks for them:
// one pair per document with usable ids, N counting each id once, the commands' arguments naming
// the document, and `scanTargets.codeLens.enabled: false` turning them off with a refresh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CLI, assertBuilt } from '../cli/helpers';
import { StdioLspClient } from './lspClient';

const URI = 'file:///work/lenses.target-settings.yaml';

interface Lens {
  range: { start: { line: number; character: number } };
  command: { title: string; command: string; arguments: unknown[] };
}

/** 1,234 ids: a list long enough for the fast path, with thousands written with a separator. */
const LONG_LIST = Array.from({ length: 1234 }, (_, i) => `  - id${String(i).padStart(5, '0')}`);

const TEXT = [
  '# three documents: repeated and unusable ids, an empty list, a long list',
  'ids:',
  '  - 3Sy7TyNMnQ8x',
  '  - 3Sy7TyNMnQ8x',
  '  - 12345',
  '  - 4Hk2QpZr9WbT',
  'report_type: owasp',
  '---',
  'ids: []',
  'report_type: owasp',
  '---',
  'report_type: pci',
  'ids:',
  ...LONG_LIST,
  '',
].join('\n');

test('the server offers a bulk update and a preview lens above each `ids:` with the number of targets it would send', async () => {
  assertBuilt();
  let settings: unknown = { validation: { debounceMs: 0 } };
  const client = new StdioLspClient(process.execPath, [CLI, 'lsp', '--stdio'], (section) => (section === 'scanTargets' ? settings : null));
  try {
    const init = await client.request<{ capabilities: { codeLensProvider?: unknown } }>('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { configuration: true, codeLens: { refreshSupport: true } } },
    });
    assert.deepEqual(init.capabilities.codeLensProvider, { resolveProvider: false });
    client.notify('initialized', {});
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } });

    const lenses = await client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri: URI } });
    assert.deepEqual(
      lenses.map((l) => [l.range.start.line, l.command.title, l.command.command, l.command.arguments]),
      [
        [1, 'Bulk update 2 targets', 'scanTargets.bulkUpdate', [{ uri: URI, documentIndex: 0 }]],
        [1, 'Preview', 'scanTargets.previewBulkUpdate', [{ uri: URI, documentIndex: 0 }]],
        [12, 'Bulk update 1,234 targets', 'scanTargets.bulkUpdate', [{ uri: URI, documentIndex: 2 }]],
        [12, 'Preview', 'scanTargets.previewBulkUpdate', [{ uri: URI, documentIndex: 2 }]],
      ],
    );

    // An edit to the long list changes its count.
    client.notify('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ range: { start: { line: 13, character: 4 }, end: { line: 13, character: 11 } }, text: 'id00001' }],
    });
    const edited = await client.request<Lens[]>('textDocument/codeLens', { textDocument: { uri: URI } });
    assert.deepEqual(
      edited.map((l) => l.command.title),
      ['Bulk update 2 targets', 'Preview', 'Bulk update 1,233 targets', 'Preview'],
      'the first item now repeats the second',
    );

    // Turned off: the server asks the client to refresh, and offers none.
    const refreshes = client.serverRequestCount('workspace/codeLens/refresh');
    settings = { validation: { debounceMs: 0 }, codeLens: { enabled: false } };
    client.notify('workspace/didChangeConfiguration', { settings: null });
    await client.waitForServerRequest('workspace/codeLens/refresh', refreshes);
    assert.deepEqual(await client.request('textDocument/codeLens', { textDocument: { uri: URI } }), []);

    await client.request('shutdown', null);
    client.notify('exit', null);
    assert.equal(await client.exited(), 0);
  } finally {
    client.process.kill();
  }
});
