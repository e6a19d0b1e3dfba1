// `scan-targets lsp --stdio` driven as any editor's LSP client drives it: initialize, didOpen, a
// series of incremental didChange, completion, hover, codeAction, outline, folding, the server's
// own notifications and requests, shutdown, exit. Every answer is checked, and diagnostics are
// checked to belong to the version they were published for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { at } from '../../fixtures/at';
import { CLI, assertBuilt } from '../cli/helpers';
import { StdioLspClient } from './lspClient';

const URI = 'file:///work/shop.target-settings.yaml';
const OTHER_URI = 'file:///work/notes.yaml';

const TEXT = [
  'ids:',
  '  - 3Sy7TyNMnQ8x',
  '  - 4Hk2QpZr9WbT',
  'site:',
  '  name: Shop',
  '  url: https://shop.example',
  '  has_basic_auth: true',
  '  basic_auth:',
  '    username: scanner',
  '    password: ${env:SCAN_TARGETS_TEST_UNSET}',
  'report_type: owasp',
  'blackout_period:',
  '  begin: "22:00"',
  '  cease: "06:00"',
  '  weekdays: [1, 2]',
  '',
].join('\n');

interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity: number;
  code: string;
  source: string;
  message: string;
  codeDescription?: { href: string };
  data?: unknown;
}
interface Published {
  uri: string;
  version?: number;
  diagnostics: Diagnostic[];
}

function published(uri: string, version: number, test: (ds: Diagnostic[]) => boolean = () => true) {
  return (params: unknown) => {
    const p = params as Published;
    return p.uri === uri && p.version === version && test(p.diagnostics);
  };
}

test('a generic LSP client over stdio gets diagnostics per version, completion, hover, quick fixes, outline and folding', async () => {
  assertBuilt();
  const settings = { files: ['**/*.target-settings.yaml'], validation: { severity: { 'duplicate-id': 'error' }, maxProblems: 100, debounceMs: 0 } };
  const client = new StdioLspClient(process.execPath, [CLI, 'lsp', '--stdio'], (section) => (section === 'scanTargets' ? settings : null));
  try {
    const init = await client.request<{ capabilities: Record<string, unknown>; serverInfo: { name: string } }>('initialize', {
      processId: process.pid,
      rootUri: 'file:///work',
      workspaceFolders: [{ uri: 'file:///work', name: 'work' }],
      capabilities: { workspace: { configuration: true }, textDocument: { publishDiagnostics: { versionSupport: true, codeDescriptionSupport: true } } },
    });
    assert.equal(init.serverInfo.name, 'scan-targets');
    assert.deepEqual(init.capabilities.textDocumentSync, { openClose: true, change: 2 }, 'incremental sync');
    for (const capability of ['completionProvider', 'hoverProvider', 'codeActionProvider', 'documentSymbolProvider', 'foldingRangeProvider']) {
      assert.ok(init.capabilities[capability], `${capability} is announced`);
    }
    client.notify('initialized', {});

    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } });
    client.notify('textDocument/didOpen', { textDocument: { uri: OTHER_URI, languageId: 'yaml', version: 1, text: 'report_type: nope\n' } });
    const first = (await client.waitForNotification('textDocument/publishDiagnostics', published(URI, 1))) as Published;
    // A valid file: its one remark is the placeholder whose variable this server does not have.
    assert.deepEqual(
      first.diagnostics.map((d) => [d.code, d.severity, d.range.start]),
      [['env-not-set', 2, { line: 9, character: 14 }]],
    );

    // A series of incremental edits: a typo in a value, then a repeated id, then a fix of the typo.
    client.notify('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ range: { start: { line: 10, character: 13 }, end: { line: 10, character: 18 } }, text: 'owsap' }],
    });
    client.notify('textDocument/didChange', {
      textDocument: { uri: URI, version: 3 },
      contentChanges: [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, text: '  - 3Sy7TyNMnQ8x\n' }],
    });
    const third = (await client.waitForNotification('textDocument/publishDiagnostics', published(URI, 3))) as Published;
    const enumError = third.diagnostics.find((d) => d.code === 'invalid-enum');
    assert.ok(enumError, JSON.stringify(third.diagnostics));
    assert.deepEqual(
      enumError.range,
      { start: { line: 11, character: 13 }, end: { line: 11, character: 18 } },
      'on the value, one line lower after the insertion',
    );
    assert.equal(enumError.source, 'scan-targets');
    assert.equal(enumError.severity, 1);
    assert.match(enumError.codeDescription?.href ?? '', /^file:\/\/.*\/docs\/codes\/invalid-enum\.md$/);
    assert.ok(existsSync(fileURLToPath(enumError.codeDescription?.href ?? '')), 'the page is there to open');
    const duplicate = third.diagnostics.find((d) => d.code === 'duplicate-id');
    assert.ok(duplicate, 'the repeated id is reported');
    assert.equal(duplicate.severity, 1, 'raised to error by the workspace/configuration settings');
    assert.equal(duplicate.range.start.line, 3);

    // Completion at the end of `report_type: owsap` offers the allowed values.
    const completion = await client.request<{ items: Array<{ label: string; textEdit: { range: unknown; newText: string }; insertTextFormat: number }> }>(
      'textDocument/completion',
      {
        textDocument: { uri: URI },
        position: { line: 11, character: 18 },
      },
    );
    const owasp = completion.items.find((i) => i.label === 'owasp');
    assert.ok(owasp, completion.items.map((i) => i.label).join(', '));
    assert.equal(owasp.insertTextFormat, 2, 'snippet');

    // Hover on a key and on an unset ${env:...} placeholder (named, never valued).
    const hover = await client.request<{ contents: { kind: string; value: string } }>('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: 11, character: 3 },
    });
    assert.equal(hover.contents.kind, 'markdown');
    assert.match(hover.contents.value, /report/i);
    const envHover = await client.request<{ contents: { value: string } }>('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: 10, character: 25 },
    });
    assert.match(envHover.contents.value, /SCAN_TARGETS_TEST_UNSET/);
    assert.match(envHover.contents.value, /not set/);

    // Quick fixes for the diagnostics as published: this client keeps no `data` (it does not say
    // dataSupport), so none was sent, and the server finds them among those it sent.
    const actions = await client.request<Array<{ title: string; isPreferred?: boolean; edit: { changes: Record<string, Array<{ newText: string }>> } }>>(
      'textDocument/codeAction',
      {
        textDocument: { uri: URI },
        range: enumError.range,
        context: { diagnostics: [enumError, duplicate], only: ['quickfix'] },
      },
    );
    const change = actions.find((a) => a.title.includes('owasp'));
    assert.ok(change?.isPreferred, actions.map((a) => a.title).join(' | '));
    assert.equal(at(change.edit.changes[URI] ?? [], 0, 'edit of the document').newText, 'owasp');
    assert.ok(
      actions.some((a) => /repeated id/.test(a.title)),
      'the duplicate id has its fix',
    );

    // The fix, applied as the client would: the next version is clean but for the duplicate.
    client.notify('textDocument/didChange', {
      textDocument: { uri: URI, version: 4 },
      contentChanges: [{ range: enumError.range, text: 'owasp' }],
    });
    const fourth = (await client.waitForNotification('textDocument/publishDiagnostics', published(URI, 4))) as Published;
    assert.deepEqual(
      fourth.diagnostics.map((d) => d.code),
      ['duplicate-id', 'env-not-set'],
    );

    // Outline and folding.
    const symbols = await client.request<Array<{ name: string; detail?: string; children: unknown[] }>>('textDocument/documentSymbol', {
      textDocument: { uri: URI },
    });
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['ids', 'site', 'report_type', 'blackout_period'],
    );
    assert.equal(at(symbols, 0).detail, '3 items');
    const folding = await client.request<Array<{ startLine: number; endLine: number }>>('textDocument/foldingRange', { textDocument: { uri: URI } });
    assert.deepEqual(
      folding.find((f) => f.startLine === 4),
      { startLine: 4, endLine: 10 },
      'site folds from its key to its last line',
    );
    assert.deepEqual(
      folding.find((f) => f.startLine === 8),
      { startLine: 8, endLine: 10 },
      'so does basic_auth',
    );

    // A YAML file that is not a target-settings file gets nothing.
    assert.ok(!client.notifications.some((n) => (n.params as Published).uri === OTHER_URI && (n.params as Published).diagnostics.length > 0));
    assert.equal(await client.request('textDocument/hover', { textDocument: { uri: OTHER_URI }, position: { line: 0, character: 2 } }), null);

    assert.ok(client.serverRequests.includes('workspace/configuration'), 'settings were read with workspace/configuration');
    assert.equal(await client.request('shutdown', null), null);
    client.notify('exit', null);
    assert.equal(await client.exited(), 0, 'exit after shutdown ends the process with 0');
  } finally {
    client.process.kill();
  }
});

test('the entitlements record and the outcome of a bulk update reach the server through its own messages', async () => {
  assertBuilt();
  const client = new StdioLspClient(process.execPath, [CLI, 'lsp', '--stdio'], () => ({ validation: { debounceMs: 0 } }));
  try {
    const init = await client.request<{ capabilities: { workspace?: { fileOperations?: { didRename?: unknown } } } }>('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { configuration: true } },
    });
    client.notify('initialized', {});
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } });
    await client.waitForNotification('textDocument/publishDiagnostics', published(URI, 1));

    // A record without owasp among the allowed report types: a not-entitled warning appears.
    const record = { allowed_report_types: ['default'] };
    client.notify('scanTargets/setEntitlements', { record });
    const withNotEntitled = (await client.waitForNotification(
      'textDocument/publishDiagnostics',
      published(URI, 1, (ds) => ds.some((d) => d.code === 'not-entitled')),
    )) as Published;
    const notEntitled = withNotEntitled.diagnostics.find((d) => d.code === 'not-entitled')!;
    assert.equal(notEntitled.data, undefined, 'no data for a client that does not keep it');
    // Its quick fix offers the values the account is entitled to (which the diagnostic sent keeps: found again by the server).
    const entitledFixes = await client.request<Array<{ title: string; edit: { changes: Record<string, Array<{ newText: string }>> } }>>(
      'textDocument/codeAction',
      { textDocument: { uri: URI }, range: notEntitled.range, context: { diagnostics: [notEntitled], only: ['quickfix'] } },
    );
    const toDefault = entitledFixes.find((a) => a.title.includes('`default`'));
    assert.ok(toDefault, entitledFixes.map((a) => a.title).join(' | '));
    assert.equal(at(toDefault.edit.changes[URI] ?? [], 0, 'edit of the document').newText, 'default');

    const outcome = await client.request<{ invalidIds: number }>('scanTargets/recordBulkOutcome', {
      uri: URI,
      documentIndex: 0,
      sent: [],
      invalid: ['4Hk2QpZr9WbT'],
      failed: [],
    });
    assert.equal(outcome.invalidIds, 1);
    const withInvalid = (await client.waitForNotification(
      'textDocument/publishDiagnostics',
      published(URI, 1, (ds) => ds.some((d) => d.code === 'invalid-id')),
    )) as Published;
    const invalid = withInvalid.diagnostics.find((d) => d.code === 'invalid-id')!;
    assert.equal(invalid.range.start.line, 2, 'on the rejected item');

    // It follows its item when a line is inserted above it, and its quick fix removes the item.
    client.notify('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# moved\n' }],
    });
    const moved = (await client.waitForNotification(
      'textDocument/publishDiagnostics',
      published(URI, 2, (ds) => ds.some((d) => d.code === 'invalid-id')),
    )) as Published;
    const followed = moved.diagnostics.find((d) => d.code === 'invalid-id')!;
    assert.equal(followed.range.start.line, 3);
    const actions = await client.request<Array<{ title: string; edit: { changes: Record<string, Array<{ range: { start: { line: number } } }>> } }>>(
      'textDocument/codeAction',
      {
        textDocument: { uri: URI },
        range: followed.range,
        context: { diagnostics: [followed] },
      },
    );
    const remove = actions.find((a) => a.title === 'Remove invalid id 4Hk2QpZr9WbT');
    assert.ok(remove, actions.map((a) => a.title).join(' | '));
    assert.equal(at(remove.edit.changes[URI] ?? [], 0, 'edit of the document').range.start.line, 3);

    // Renamed (closed and opened under the new name, as editors do, around the notification):
    // the rejected id follows the file.
    const renamed = URI.replace('shop.', 'shop-renamed.');
    assert.ok(init.capabilities.workspace?.fileOperations?.didRename, 'the server asks to be told of renames');
    client.notify('textDocument/didClose', { textDocument: { uri: URI } });
    client.notify('workspace/didRenameFiles', { files: [{ oldUri: URI, newUri: renamed }] });
    client.notify('textDocument/didOpen', { textDocument: { uri: renamed, languageId: 'yaml', version: 1, text: `# moved\n${TEXT}` } });
    const onRenamed = (await client.waitForNotification('textDocument/publishDiagnostics', (p) => {
      const published = p as Published;
      return published.uri === renamed && published.diagnostics.some((d) => d.code === 'invalid-id');
    })) as Published;
    assert.equal(onRenamed.diagnostics.find((d) => d.code === 'invalid-id')?.range.start.line, 3);
    client.notify('textDocument/didClose', { textDocument: { uri: renamed } });
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 2, text: `# moved\n${TEXT}` } });

    const plan = await client.request<{ ok: boolean; plan?: { prepared: { ids: string[] } } }>('scanTargets/planBulkUpdate', {
      uri: URI,
      version: 2,
      target: { documentIndex: 0 },
    });
    assert.equal(plan.ok, false, 'the unset ${env:...} variable stops the plan');
    await assert.rejects(client.request('scanTargets/planBulkUpdate', { uri: URI, version: 1, target: { documentIndex: 0 } }), /changed/);
    await shutDown(client);
  } finally {
    client.process.kill();
  }
});

/** A server with the `validation` settings given (by default, validating at once), initialized. */
async function initializedServer(validation: object = { debounceMs: 0 }, textDocument: object = {}): Promise<StdioLspClient> {
  const client = new StdioLspClient(process.execPath, [CLI, 'lsp', '--stdio'], () => ({ validation }));
  await client.request('initialize', { processId: process.pid, rootUri: null, capabilities: { workspace: { configuration: true }, textDocument } });
  client.notify('initialized', {});
  return client;
}

/** The diagnostics `text` gets opened afresh, under another uri. */
async function freshOpenDiagnostics(client: StdioLspClient, text: string): Promise<Diagnostic[]> {
  const uri = OTHER_URI.replace('notes', 'fresh.target-settings');
  client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text } });
  return ((await client.waitForNotification('textDocument/publishDiagnostics', published(uri, 1))) as Published).diagnostics;
}

async function shutDown(client: StdioLspClient): Promise<void> {
  await client.request('shutdown', null);
  client.notify('exit', null);
  assert.equal(await client.exited(), 0);
}

test('a long list edited with several changes per message and several messages in a row: the diagnostics of a fresh open of the same text', async () => {
  assertBuilt();
  const client = await initializedServer();
  try {
    const ids = Array.from({ length: 1000 }, (_, i) => `  - id${String(i).padStart(8, '0')}\n`).join('');
    let text = `ids:\n${ids}site: {name: x, url: 'https://x.example'}\n`;
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text } });
    await client.waitForNotification('textDocument/publishDiagnostics', published(URI, 1));
    // Each change as the client sends it, in the text the changes before it made.
    const lineStart = (line: number): number => text.split('\n').slice(0, line).join('\n').length + (line > 0 ? 1 : 0);
    const edits: Array<Array<{ line: number; from: number; to: number; insert: string }>> = [
      [
        { line: 500, from: 4, to: 6, insert: '' },
        { line: 10, from: 0, to: 0, insert: '  - id00000020\n' },
      ],
      [{ line: 700, from: 4, to: 14, insert: '' }],
      [
        { line: 1002, from: 0, to: 5, insert: 'report_type: nope\nsite:' },
        { line: 3, from: 4, to: 4, insert: "'" },
        { line: 3, from: 15, to: 15, insert: "'" },
      ],
    ];
    let version = 1;
    for (const changes of edits) {
      const contentChanges = changes.map((c) => {
        const start = lineStart(c.line);
        text = text.slice(0, start + c.from) + c.insert + text.slice(start + c.to);
        return { range: { start: { line: c.line, character: c.from }, end: { line: c.line, character: c.to } }, text: c.insert };
      });
      client.notify('textDocument/didChange', { textDocument: { uri: URI, version: ++version }, contentChanges });
    }
    const edited = (await client.waitForNotification('textDocument/publishDiagnostics', published(URI, version))) as Published;
    assert.deepEqual(edited.diagnostics.map((d) => d.code).sort(), ['duplicate-id', 'empty-id', 'invalid-enum', 'invalid-type']);
    assert.deepEqual(edited.diagnostics, await freshOpenDiagnostics(client, text));
    await shutDown(client);
  } finally {
    client.process.kill();
  }
});

test('hundreds of diagnostics, most of them published again after an edit, arrive whole: those of a fresh open of the same text', async () => {
  assertBuilt();
  const client = await initializedServer();
  try {
    // 400 ids, two of them, each listed 200 times: 398 warnings, written item by item (src/server/jsonEncoder.ts).
    const ids = Array.from({ length: 400 }, (_, i) => `  - id${String(i % 2).padStart(8, '0')}é\n`).join('');
    let text = `ids:\n${ids}site: {name: x, url: 'https://x.example'}\n`;
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text } });
    const opened = (await client.waitForNotification('textDocument/publishDiagnostics', published(URI, 1))) as Published;
    assert.equal(opened.diagnostics.length, 398);
    // An id of the middle made unique: the diagnostics after it change, those before it are the same objects again.
    const line = 201;
    const lines = text.split('\n');
    lines[line] = '  - unique';
    text = lines.join('\n');
    client.notify('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ range: { start: { line, character: 4 }, end: { line, character: 15 } }, text: 'unique' }],
    });
    const edited = (await client.waitForNotification('textDocument/publishDiagnostics', published(URI, 2))) as Published;
    assert.equal(edited.diagnostics.length, 397);
    assert.deepEqual(edited.diagnostics, await freshOpenDiagnostics(client, text));
    await shutDown(client);
  } finally {
    client.process.kill();
  }
});

test('a file over maxFileSizeMB gets one file-too-large warning and no parse; under it again, it is validated', async () => {
  assertBuilt();
  const client = await initializedServer({ debounceMs: 0, maxFileSizeMB: 1 });
  try {
    const big = `ids:\n${'  - 3Sy7TyNMnQ8x\n'.repeat(70_000)}site: {name: x, url: 'https://x.example'}\nreport_type: nope\n`;
    assert.ok(big.length > 1024 * 1024);
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: big } });
    const first = (await client.waitForNotification('textDocument/publishDiagnostics', published(URI, 1))) as Published;
    assert.deepEqual(
      first.diagnostics.map((d) => d.code),
      ['file-too-large'],
    );
    assert.match(at(first.diagnostics, 0).message, /1\.\d MB, more than the 1 MB .* "scan-targets validate"/);
    assert.equal(await client.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 70_002, character: 3 } }), null);
    // Cut to a few ids: validated again, the bad report type found.
    client.notify('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ range: { start: { line: 3, character: 0 }, end: { line: 70_001, character: 0 } }, text: '' }],
    });
    const second = (await client.waitForNotification('textDocument/publishDiagnostics', published(URI, 2))) as Published;
    assert.ok(
      second.diagnostics.some((d) => d.code === 'invalid-enum'),
      JSON.stringify(second.diagnostics.map((d) => d.code)),
    );
    assert.ok(!second.diagnostics.some((d) => d.code === 'file-too-large'));
    // (This client does not declare codeDescriptionSupport, as Neovim 0.7 does not.)
    assert.ok(
      second.diagnostics.every((d) => d.codeDescription === undefined),
      'no link to the page of a code for a client that does not take it',
    );
    await shutDown(client);
  } finally {
    client.process.kill();
  }
});

test('the lsp command asks for exactly one transport', async () => {
  assertBuilt();
  const { spawnSync } = await import('node:child_process');
  const none = spawnSync(process.execPath, [CLI, 'lsp'], { encoding: 'utf8' });
  assert.equal(none.status, 2);
  assert.match(none.stderr, /--stdio or --node-ipc/);
  const help = spawnSync(process.execPath, [CLI, 'lsp', '--help'], { encoding: 'utf8' });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /Neovim/);
});

type EditedAction = {
  title: string;
  isPreferred?: boolean;
  edit?: { changes: Record<string, Array<{ range: { start: { line: number } }; newText: string }>> };
};

/**
 * Runs `body` against a server started and initialized for a client that resolves code actions'
 * edits (`resolves`) or not, then shuts it down.
 */
async function withCodeActionClient(resolves: boolean, body: (client: StdioLspClient) => Promise<void>): Promise<void> {
  const client = new StdioLspClient(process.execPath, [CLI, 'lsp', '--stdio'], () => ({ validation: { debounceMs: 0 } }));
  try {
    const codeAction = resolves ? { resolveSupport: { properties: ['edit'] } } : {};
    const init = await client.request<{ capabilities: { codeActionProvider?: { resolveProvider?: boolean } } }>('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { configuration: true }, textDocument: { codeAction } },
    });
    assert.equal(init.capabilities.codeActionProvider?.resolveProvider, true);
    client.notify('initialized', {});
    await body(client);
    await shutDown(client);
  } finally {
    client.process.kill();
  }
}

/** The action with its edits: left for codeAction/resolve where the client resolves them, with the action otherwise. */
async function withEdits(client: StdioLspClient, action: EditedAction, resolves: boolean): Promise<EditedAction> {
  assert.equal(action.edit === undefined, resolves, resolves ? 'the edits are left for codeAction/resolve' : 'the edits come with the action');
  return resolves ? await client.request<EditedAction>('codeAction/resolve', action) : action;
}

test('"remove all invalid ids": a client that resolves code actions gets its edits when it asks for them, any other client with the action', async () => {
  assertBuilt();
  for (const resolves of [true, false]) {
    await withCodeActionClient(resolves, async (client) => {
      client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } });
      await client.waitForNotification('textDocument/publishDiagnostics', published(URI, 1));
      const outcome = await client.request<{ invalidIds: number }>('scanTargets/recordBulkOutcome', {
        uri: URI,
        documentIndex: 0,
        sent: [],
        invalid: ['3Sy7TyNMnQ8x', '4Hk2QpZr9WbT'],
        failed: [],
      });
      assert.equal(outcome.invalidIds, 2);
      const withInvalid = (await client.waitForNotification(
        'textDocument/publishDiagnostics',
        published(URI, 1, (ds) => ds.filter((d) => d.code === 'invalid-id').length === 2),
      )) as Published;
      const first = withInvalid.diagnostics.find((d) => d.code === 'invalid-id')!;
      const actions = await client.request<EditedAction[]>('textDocument/codeAction', {
        textDocument: { uri: URI },
        range: first.range,
        context: { diagnostics: [first] },
      });
      const listed = actions.find((a) => a.title === 'Remove all 2 invalid ids in this file');
      assert.ok(listed, actions.map((a) => a.title).join(' | '));
      const removeAll = await withEdits(client, listed, resolves);
      // Both item lines go, as one edit, and the list stays a list.
      assert.deepEqual(
        removeAll.edit?.changes[URI]?.map((e) => [e.range.start.line, e.newText]),
        [
          [0, ' []'],
          [1, ''],
        ],
        JSON.stringify(removeAll.edit),
      );
    });
  }
});

test('"put all ids in quotes": its edits come with the action or when a client that resolves code actions asks, and quote every such id of the file', async () => {
  assertBuilt();
  const text = 'ids:\n  - 101\n  - abc\n  - true\nsite:\n  name: Shop\n---\nids: [7]\nsite:\n  name: Two\n';
  for (const resolves of [true, false]) {
    await withCodeActionClient(resolves, async (client) => {
      client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text } });
      const opened = (await client.waitForNotification('textDocument/publishDiagnostics', published(URI, 1))) as Published;
      const first = opened.diagnostics.find((d) => d.code === 'invalid-type')!;
      const actions = await client.request<EditedAction[]>('textDocument/codeAction', {
        textDocument: { uri: URI },
        range: first.range,
        context: { diagnostics: [first] },
      });
      assert.deepEqual(
        actions.map((a) => [a.title, a.isPreferred === true]),
        [
          ['Put `101` in quotes', true],
          ['Put all 3 ids read as numbers or true/false in quotes', false],
        ],
      );
      const all = await withEdits(client, actions[1]!, resolves);
      assert.deepEqual(
        all.edit?.changes[URI]?.map((e) => [e.range.start.line, e.newText]),
        [
          [1, '"101"'],
          [3, '"true"'],
          [7, '"7"'],
        ],
      );
    });
  }
});

test('folding ranges: no more than the client takes (its rangeLimit), the documents first', async () => {
  assertBuilt();
  const client = await initializedServer(undefined, { foldingRange: { rangeLimit: 20, lineFoldingOnly: true } });
  try {
    // 30 documents of 4 lines, each with a `site` that folds too: 60 ranges.
    const text = Array.from({ length: 30 }, (_, i) => `---\nids: [t${i}]\nsite:\n  name: Site ${i}\n`).join('');
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text } });
    const folding = await client.request<Array<{ startLine: number; endLine: number }>>('textDocument/foldingRange', { textDocument: { uri: URI } });
    assert.deepEqual(
      folding.map((f) => [f.startLine, f.endLine]),
      Array.from({ length: 20 }, (_, i) => [4 * i, 4 * i + 3]),
    );
  } finally {
    await shutDown(client);
  }
});

test('a completion sent with a change is answered before the diagnostics of that change', async () => {
  assertBuilt();
  const client = await initializedServer();
  try {
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } });
    await client.waitForNotification('textDocument/publishDiagnostics', published(URI, 1));
    const order: string[] = [];
    const diagnostics = client.waitForNotification('textDocument/publishDiagnostics', published(URI, 2)).then(() => order.push('diagnostics'));
    // A letter typed at the end of `report_type`'s value, and the completion it asks for there.
    const at = { line: 10, character: 'report_type: owasp'.length };
    const completion = client
      .notifyWithRequest<{ items: unknown[] }>(
        {
          method: 'textDocument/didChange',
          params: { textDocument: { uri: URI, version: 2 }, contentChanges: [{ range: { start: at, end: at }, text: 'x' }] },
        },
        'textDocument/completion',
        { textDocument: { uri: URI }, position: { line: 10, character: at.character + 1 } },
      )
      .then((answer) => order.push(`completion of ${answer.items.length > 0 ? 'some' : 'no'} items`));
    await Promise.all([diagnostics, completion]);
    assert.deepEqual(order, ['completion of some items', 'diagnostics']);
  } finally {
    await shutDown(client);
  }
});
