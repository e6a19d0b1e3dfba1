// Diagnostics pulled (LSP 3.17), as VS Code's client asks for them: offered only to a client that
// can also be asked to pull again; a report per request, "unchanged" while a keystroke leaves them
// as they were; a refresh asked for when the settings, the entitlements or a bulk update's outcome
// change them; pushed only for a file the client has not pulled (an apply's file opened unseen),
// until it does; a pull that waits out `debounceMs` ends when the client cancels it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CLI, assertBuilt } from '../cli/helpers';
import { StdioLspClient } from './lspClient';

const URI = 'file:///work/pull.target-settings.yaml';
const UNSEEN_URI = 'file:///work/unseen.target-settings.yaml';

const TEXT = [
  'ids:',
  '  - 3Sy7TyNMnQ8x',
  '  - 3Sy7TyNMnQ8x',
  '  - 4Hk2QpZr9WbT',
  'site:',
  '  name: Shop',
  '  url: https://shop.example',
  'report_type: owasp',
  '',
].join('\n');

interface Diagnostic {
  range: { start: { line: number; character: number } };
  severity: number;
  code: string;
  message: string;
  codeDescription?: { href: string };
}
type Report = { kind: 'full'; resultId?: string; items: Diagnostic[] } | { kind: 'unchanged'; resultId: string };
interface Published {
  uri: string;
  diagnostics: Diagnostic[];
}

// (As VS Code's client declares them.)
const PULLING = {
  workspace: { configuration: true, diagnostics: { refreshSupport: true } },
  textDocument: { diagnostic: { dynamicRegistration: false }, publishDiagnostics: { codeDescriptionSupport: true, dataSupport: true } },
};

function start(settings: () => unknown): StdioLspClient {
  return new StdioLspClient(process.execPath, [CLI, 'lsp', '--stdio'], (section) => (section === 'scanTargets' ? settings() : null));
}

async function stop(client: StdioLspClient): Promise<void> {
  await client.request('shutdown', null);
  client.notify('exit', null);
  assert.equal(await client.exited(), 0);
}

function pull(client: StdioLspClient, uri: string, previousResultId?: string): Promise<Report> {
  return client.request<Report>('textDocument/diagnostic', { textDocument: { uri }, previousResultId });
}

function full(report: Report): Diagnostic[] {
  assert.equal(report.kind, 'full', JSON.stringify(report));
  return (report as { items: Diagnostic[] }).items;
}

function change(client: StdioLspClient, uri: string, version: number, line: number, from: number, to: number, text: string): void {
  client.notify('textDocument/didChange', {
    textDocument: { uri, version },
    contentChanges: [{ range: { start: { line, character: from }, end: { line, character: to } }, text }],
  });
}

test('a client that pulls diagnostics gets a report per request, "unchanged" while they are, and a refresh when they change without an edit', async () => {
  assertBuilt();
  let settings: unknown = { validation: { debounceMs: 0 } };
  const client = start(() => settings);
  try {
    const init = await client.request<{ capabilities: { diagnosticProvider?: unknown } }>('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: PULLING,
    });
    assert.deepEqual(init.capabilities.diagnosticProvider, { identifier: 'scan-targets', interFileDependencies: false, workspaceDiagnostics: false });
    client.notify('initialized', {});
    await client.waitForServerRequest('workspace/configuration', 0);
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } });

    const first = await pull(client, URI);
    const items = full(first);
    assert.deepEqual(
      items.map((d) => [d.code, d.range.start.line]),
      [['duplicate-id', 2]],
    );
    assert.match(items[0]!.codeDescription?.href ?? '', /duplicate-id\.md$/, 'as pushed: with the page of its code');

    // A letter of site.name changes no diagnostic: the same report, not sent again.
    change(client, URI, 2, 5, 8, 9, 'X');
    assert.deepEqual(await pull(client, URI, first.resultId), { kind: 'unchanged', resultId: first.resultId });
    // A client that does not hold that report (none, or another) gets it in full.
    assert.deepEqual(full(await pull(client, URI)), items);
    const held = await pull(client, URI, 'no such report');
    assert.deepEqual(full(held), items);

    // An edit that takes the repeat away: a new report, empty.
    change(client, URI, 3, 2, 4, 5, '9');
    const fixed = await pull(client, URI, held.resultId);
    assert.deepEqual(full(fixed), []);
    assert.notEqual(fixed.resultId, held.resultId);

    // What changes the diagnostics without an edit asks the client to pull again, and the next pull has it.
    const refreshes = (): number => client.serverRequestCount('workspace/diagnostic/refresh');
    let seen = refreshes();
    client.notify('scanTargets/setEntitlements', { record: { allowed_report_types: ['default'] } });
    await client.waitForServerRequest('workspace/diagnostic/refresh', seen);
    const entitled = await pull(client, URI, fixed.resultId);
    assert.deepEqual(
      full(entitled).map((d) => d.code),
      ['not-entitled'],
    );

    seen = refreshes();
    settings = { validation: { debounceMs: 0, severity: { 'not-entitled': 'off' } } };
    client.notify('workspace/didChangeConfiguration', { settings: null });
    await client.waitForServerRequest('workspace/diagnostic/refresh', seen);
    const off = await pull(client, URI, entitled.resultId);
    assert.deepEqual(full(off), []);

    seen = refreshes();
    const outcome = await client.request<{ invalidIds: number }>('scanTargets/recordBulkOutcome', {
      uri: URI,
      documentIndex: 0,
      sent: [],
      invalid: ['4Hk2QpZr9WbT'],
      failed: [],
    });
    assert.equal(outcome.invalidIds, 1);
    await client.waitForServerRequest('workspace/diagnostic/refresh', seen);
    assert.deepEqual(
      full(await pull(client, URI, off.resultId)).map((d) => [d.code, d.range.start.line]),
      [['invalid-id', 3]],
    );

    // A YAML file that is not a target-settings file: an empty report.
    client.notify('textDocument/didOpen', { textDocument: { uri: 'file:///work/notes.yaml', languageId: 'yaml', version: 1, text: 'ids: 3\n' } });
    assert.deepEqual(full(await pull(client, 'file:///work/notes.yaml')), []);

    assert.equal(
      client.notifications.filter((m) => m.method === 'textDocument/publishDiagnostics').length,
      0,
      'nothing pushed to a client that pulls what it shows',
    );
    await stop(client);
  } finally {
    client.process.kill();
  }
});

test('a file the client has not pulled gets its bulk outcome pushed, cleared once the client pulls it', async () => {
  assertBuilt();
  let settings: unknown = { validation: { debounceMs: 0 } };
  const client = start(() => settings);
  try {
    await client.request('initialize', { processId: process.pid, rootUri: null, capabilities: PULLING });
    client.notify('initialized', {});
    // An apply over a repository opens a file without showing it (a client pulls only what it shows) and records the outcome.
    client.notify('textDocument/didOpen', { textDocument: { uri: UNSEEN_URI, languageId: 'yaml', version: 1, text: TEXT } });
    await client.request('scanTargets/recordBulkOutcome', { uri: UNSEEN_URI, documentIndex: 0, sent: [], invalid: ['4Hk2QpZr9WbT'], failed: [] });
    const pushed = (await client.waitForNotification('textDocument/publishDiagnostics', (p) => (p as Published).uri === UNSEEN_URI)) as Published;
    assert.deepEqual(
      pushed.diagnostics.map((d) => [d.code, d.range.start.line]),
      [
        ['duplicate-id', 2],
        ['invalid-id', 3],
      ],
      'every diagnostic of the file, pushed',
    );

    // So is what a change of the settings makes of them.
    settings = { validation: { debounceMs: 0, severity: { 'duplicate-id': 'off' } } };
    client.notify('workspace/didChangeConfiguration', { settings: null });
    const withoutRepeats = (await client.waitForNotification(
      'textDocument/publishDiagnostics',
      (p) => (p as Published).uri === UNSEEN_URI && !(p as Published).diagnostics.some((d) => d.code === 'duplicate-id'),
    )) as Published;
    assert.deepEqual(
      withoutRepeats.diagnostics.map((d) => d.code),
      ['invalid-id'],
    );

    // An edit to it (a quick fix applied from the Problems view) is pushed too.
    change(client, UNSEEN_URI, 2, 2, 4, 5, '9');
    const edited = (await client.waitForNotification(
      'textDocument/publishDiagnostics',
      (p) => (p as Published).uri === UNSEEN_URI && (p as Published & { version?: number }).version === 2,
    )) as Published;
    assert.deepEqual(
      edited.diagnostics.map((d) => d.code),
      ['invalid-id'],
    );

    // Shown, the client pulls it: the pushed diagnostics are cleared, and the report has them.
    const report = await pull(client, UNSEEN_URI);
    assert.deepEqual(
      full(report).map((d) => d.code),
      ['invalid-id'],
    );
    const cleared = (await client.waitForNotification(
      'textDocument/publishDiagnostics',
      (p) => (p as Published).uri === UNSEEN_URI && (p as Published).diagnostics.length === 0,
    )) as Published;
    assert.deepEqual(cleared.diagnostics, []);
    await stop(client);
  } finally {
    client.process.kill();
  }
});

test('a pull waits out debounceMs, and ends at once when the client cancels it for a newer version', async () => {
  assertBuilt();
  const client = start(() => ({ validation: { debounceMs: 60_000 } }));
  try {
    await client.request('initialize', { processId: process.pid, rootUri: null, capabilities: PULLING });
    client.notify('initialized', {});
    await client.waitForServerRequest('workspace/configuration', 0);
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } });
    const waiting = pull(client, URI);
    let settled = false;
    void waiting.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(settled, false, 'still waiting for the typing to pause');
    // The request's id is the last one the client gave (initialize was 1).
    client.notify('$/cancelRequest', { id: 2 });
    await assert.rejects(waiting, /^Error: -32800: /);
    await stop(client);
  } finally {
    client.process.kill();
  }
});

test('a client that cannot be asked to pull again gets its diagnostics pushed', async () => {
  assertBuilt();
  const client = start(() => ({ validation: { debounceMs: 0 } }));
  try {
    const init = await client.request<{ capabilities: { diagnosticProvider?: unknown } }>('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { workspace: { configuration: true }, textDocument: { diagnostic: { dynamicRegistration: false } } },
    });
    assert.equal(init.capabilities.diagnosticProvider, undefined);
    client.notify('initialized', {});
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } });
    const pushed = (await client.waitForNotification('textDocument/publishDiagnostics', (p) => (p as Published).uri === URI)) as Published;
    assert.deepEqual(
      pushed.diagnostics.map((d) => d.code),
      ['duplicate-id'],
    );
    await stop(client);
  } finally {
    client.process.kill();
  }
});

test('past the cap, a keystroke that adds or takes away one of thousands of problems not shown is answered "unchanged"', async () => {
  assertBuilt();
  // 3,456 ids read as numbers: as many errors, the first 1,000 shown (the default cap) and a note.
  const numbers = Array.from({ length: 3456 }, (_, i) => `  - ${4000000000 + i}`);
  const text = ['ids:', ...numbers, 'site:', '  name: Shop', '  url: https://shop.example', ''].join('\n');
  const client = start(() => ({ validation: { debounceMs: 0 } }));
  try {
    await client.request('initialize', { processId: process.pid, rootUri: null, capabilities: PULLING });
    client.notify('initialized', {});
    await client.waitForServerRequest('workspace/configuration', 0);
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text } });
    const first = await pull(client, URI);
    const items = full(first);
    assert.equal(items.length, 1001);
    assert.match(items.at(-1)!.message, /^More than 3,450 problems; the 1,000 most severe are shown\./);

    // The last id made text (line 3456, `  - 4000003455`): one error fewer, none of those shown.
    change(client, URI, 2, 3456, 14, 14, 'x');
    assert.deepEqual(await pull(client, URI, first.resultId), { kind: 'unchanged', resultId: first.resultId });
    // A hundred more: the note's count changes, and the report with it.
    const more = Array.from({ length: 100 }, (_, i) => `\n  - ${5000000000 + i}`).join('');
    change(client, URI, 3, 3456, 15, 15, more);
    const grown = full(await pull(client, URI, first.resultId));
    assert.match(grown.at(-1)!.message, /^More than 3,550 problems; the 1,000 most severe are shown\./);
  } finally {
    await stop(client);
  }
});
