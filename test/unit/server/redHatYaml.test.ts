// Beside Red Hat's YAML extension, each problem and each completion of a target-settings file
// shows once. Its language server, yaml-language-server, is started over stdio exactly as that
// extension starts it, with the settings it would send given this extension's contributions (no
// schema association: no `yamlValidation`, and the files carry no `$schema` modeline). On the
// getting-started example with a misspelt value it reports nothing and completes no field, while
// this extension's server reports the misspelling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CLI, ROOT, assertBuilt } from '../cli/helpers';
import { StdioLspClient } from './lspClient';

const URI = 'file:///work/getting-started.target-settings.yaml';
const TEXT = readFileSync(path.join(ROOT, 'examples', 'getting-started.target-settings.yaml'), 'utf8').replace('report_type: owasp', 'report_type: owsap');
const YLS = path.join(ROOT, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: Record<string, unknown> };

interface Published {
  uri: string;
  diagnostics: Array<{ code?: unknown; message: string }>;
}

/** What Red Hat's extension sends as `yaml` settings: its defaults, the schema store off (no network here), no schema of ours. */
const RED_HAT_SETTINGS = {
  validate: true,
  completion: true,
  hover: true,
  format: { enable: true },
  schemaStore: { enable: false },
  schemas: {},
  customTags: [],
};

async function openIn(client: StdioLspClient): Promise<Published> {
  await client.request('initialize', { processId: process.pid, rootUri: 'file:///work', capabilities: { workspace: { configuration: true } } });
  client.notify('initialized', {});
  client.notify('workspace/didChangeConfiguration', { settings: { yaml: RED_HAT_SETTINGS } });
  client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } });
  return (await client.waitForNotification('textDocument/publishDiagnostics', (p) => (p as Published).uri === URI)) as Published;
}

test('the extension hands no schema to Red Hat YAML, and the examples name none', () => {
  assert.equal(manifest.contributes.yamlValidation, undefined);
  assert.doesNotMatch(TEXT, /yaml-language-server/);
});

test('yaml-language-server, as Red Hat YAML runs it, reports and completes nothing in a target-settings file; ours reports the problem once', async () => {
  assertBuilt();
  const yls = new StdioLspClient(process.execPath, [YLS, '--stdio'], (section) => (section === 'yaml' ? RED_HAT_SETTINGS : null));
  const ours = new StdioLspClient(process.execPath, [CLI, 'lsp', '--stdio'], (section) =>
    section === 'scanTargets' ? { validation: { debounceMs: 0 } } : null,
  );
  try {
    const [theirs, mine] = await Promise.all([openIn(yls), openIn(ours)]);
    assert.deepEqual(theirs.diagnostics, [], 'Red Hat YAML has nothing to say about the file');
    assert.deepEqual(
      mine.diagnostics.map((d) => (typeof d.code === 'string' ? d.code : '')),
      ['invalid-enum'],
    );
    const completion = await yls.request<{ items: Array<{ label: string }> } | null>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: TEXT.split('\n').indexOf('report_type: owsap'), character: 0 },
    });
    const labels = (completion?.items ?? []).map((i) => i.label);
    assert.ok(!labels.includes('report_fileformat') && !labels.includes('include_deduplicated_endpoints'), `no field of the schema: ${labels.join(', ')}`);
  } finally {
    yls.process.kill();
    ours.process.kill();
  }
});
