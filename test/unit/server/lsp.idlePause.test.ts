// A file of many small documents open in the server (as the desktop extension starts it): once
// the user pauses, the server gives back the memory of the documents nobody is reading
// (src/server/idlePause.ts), and reads a document again when a feature asks for it: hovers and
// diagnostics after the pause are those of the file as it is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ROOT, assertBuilt } from '../cli/helpers';
import { SERVER_NODE_OPTIONS } from '../../../src/server/protocol';
import { StdioLspClient } from './lspClient';

const URI = 'file:///work/many.target-settings.yaml';
const DOCUMENTS = 10_000;

/** The placeholder's variable, set where the server runs. */
const VARIABLE = 'IDLE_PAUSE_TEST_PASSWORD';

/**
 * A small document (about 220 characters: the file holds two megabytes of them) with a placeholder,
 * which the server reads with its nodes (an `env-not-set` warning would be placed in it), as it
 * reads a document it is asked for again (FileParseOptions.valuesFirst).
 */
const documentText = (i: number): string =>
  `ids:\n  - id${String(i).padStart(6, '0')}\n  - other${i}\nsite:\n  name: Site ${i}\n  url: https://s.example/${i}\n` +
  `  has_basic_auth: true\n  basic_auth:\n    username: scanner\n    password: \${env:${VARIABLE}}\nreport_type: owasp\n`;

const TEXT = Array.from({ length: DOCUMENTS }, (_, i) => documentText(i)).join('---\n');

/** The line (0-based) where document `i` starts. */
const firstLine = (i: number): number => i * 12;

interface Published {
  uri: string;
  version?: number;
  diagnostics: Array<{ range: { start: { line: number } }; code?: string | number }>;
}

/**
 * The process's anonymous resident memory (its heap, mostly), from /proc. Not VmRSS: that counts
 * the pages of Node's own binary too, which the machine may page out whenever it likes.
 */
function anonymousBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('RssAnon:'));
  assert.ok(line, 'RssAnon in /proc');
  return Number(/(\d+)/.exec(line)![1]) * 1024;
}

test('when the user pauses, the server gives back the memory of the documents nobody reads, and reads one again when asked', async () => {
  assertBuilt();
  const server = [...SERVER_NODE_OPTIONS, path.join(ROOT, 'dist', 'server.js'), '--stdio'];
  const client = new StdioLspClient(process.execPath, server, (section) => (section === 'scanTargets' ? { validation: { debounceMs: 0 } } : null), {
    ...process.env,
    [VARIABLE]: 'set',
  });
  try {
    await client.request('initialize', { processId: process.pid, rootUri: null, capabilities: { workspace: { configuration: true } } });
    client.notify('initialized', {});
    const pid = client.process.pid!;
    const beforeOpen = anonymousBytes(pid);
    // The most the open held, read until its diagnostics are out: the server may drop and collect
    // as soon as its checks are done (IdlePause.checked), before a reading after them.
    let afterOpen = beforeOpen;
    const peak = setInterval(() => (afterOpen = Math.max(afterOpen, anonymousBytes(pid))), 20);
    const opened = client.waitForNotification('textDocument/publishDiagnostics', (p) => (p as Published).uri === URI, 120_000);
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } });
    try {
      assert.deepEqual(((await opened) as Published).diagnostics, []);
    } finally {
      clearInterval(peak);
    }

    // The server parses nothing now: within a few pauses' time, much of what the file added must
    // have been given back (the documents' nodes and values; their text, their views and what the
    // checks found in them stay).
    const enough = afterOpen - 0.4 * (afterOpen - beforeOpen);
    let now = afterOpen;
    for (let tries = 0; tries < 40 && now > enough; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      now = anonymousBytes(pid);
    }
    const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    assert.ok(now <= enough, `anonymous memory ${mb(beforeOpen)} before the open, ${mb(afterOpen)} after it, ${mb(now)} after the pause`);

    // A hover on a document far down the file reads it again.
    const doc = 7_321;
    const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: firstLine(doc) + 5, character: 3 },
    });
    assert.match(hover?.contents.value ?? '', /\burl\b/i, 'the hover of `url` in that document');

    // An edit there: its diagnostics are where the file now has them.
    const edited = client.waitForNotification('textDocument/publishDiagnostics', (p) => (p as Published).version === 2, 60_000);
    const line = firstLine(doc) + 10;
    client.notify('textDocument/didChange', {
      textDocument: { uri: URI, version: 2 },
      contentChanges: [{ range: { start: { line, character: 13 }, end: { line, character: 18 } }, text: 'nope' }],
    });
    const after = (await edited) as Published;
    assert.deepEqual(
      after.diagnostics.map((d) => d.range.start.line),
      [line],
      'one diagnostic, on the report type changed',
    );
  } finally {
    client.assertNoUnhandledErrors();
    client.process.kill();
  }
});
