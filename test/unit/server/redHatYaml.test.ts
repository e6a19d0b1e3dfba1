// Beside Red Hat's YAML extension, each problem and each completion of a target-settings file
// shows once. Its language server, yaml-language-server, is started over stdio exactly as that
// extension starts it, with the settings it would send given this extension's contributions (no
// schema association: no `yamlValidation`, and the files carry no `$schema` modeline). On the
// getting-started example with a misspelt value it reports nothing and completes no field, while
// this extension's server reports the misspelling. Given a `yaml.schemas` entry naming our schema,
// the same run does report it: a second copy of the problem, which the README tells users to avoid.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLI, ROOT, assertBuilt } from '../cli/helpers';
import { StdioLspClient } from './lspClient';

const URI = 'file:///work/getting-started.target-settings.yaml';
const TEXT = readFileSync(path.join(ROOT, 'examples', 'getting-started.target-settings.yaml'), 'utf8').replace('report_type: owasp', 'report_type: owsap');
const YLS = path.join(ROOT, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');
const SCHEMA = pathToFileURL(path.join(ROOT, 'schemas', 'target-settings.schema.json')).href;
interface YamlValidation {
  fileMatch: string | string[];
  url: string;
}
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: { yamlValidation?: YamlValidation[] } };

/** The associations Red Hat's extension gathers from every extension's `yamlValidation` and sends as `json/schemaAssociations`. */
const ASSOCIATIONS = (manifest.contributes.yamlValidation ?? []).map(({ fileMatch, url }) => ({
  fileMatch: [fileMatch].flat().map((m) => (/^(\w+:\/\/|\/|!)/.test(m) ? m : `/${m}`)),
  uri: url.startsWith('./') ? pathToFileURL(path.join(ROOT, url)).href : url,
}));

interface Published {
  uri: string;
  diagnostics: Array<{ code?: unknown; message: string; range: { start: { line: number } } }>;
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

const yamlLanguageServer = (settings: typeof RED_HAT_SETTINGS): StdioLspClient =>
  new StdioLspClient(process.execPath, [YLS, '--stdio'], (section) => (section === 'yaml' ? settings : null));

async function openIn(client: StdioLspClient, settings: unknown = RED_HAT_SETTINGS): Promise<Published> {
  await client.request('initialize', { processId: process.pid, rootUri: 'file:///work', capabilities: { workspace: { configuration: true } } });
  client.notify('initialized', {});
  client.notify('json/schemaAssociations', ASSOCIATIONS);
  client.notify('workspace/didChangeConfiguration', { settings: { yaml: settings } });
  client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: TEXT } });
  return (await client.waitForNotification('textDocument/publishDiagnostics', (p) => (p as Published).uri === URI)) as Published;
}

test('the extension hands no schema to Red Hat YAML, and the examples name none', () => {
  assert.equal(manifest.contributes.yamlValidation, undefined);
  assert.doesNotMatch(TEXT, /yaml-language-server/);
});

test('yaml-language-server, as Red Hat YAML runs it, reports and completes nothing in a target-settings file; ours reports the problem once', async () => {
  assertBuilt();
  const yls = yamlLanguageServer(RED_HAT_SETTINGS);
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

test('a yaml.schemas entry of the user naming our schema makes yaml-language-server report the problem a second time', async () => {
  const settings = { ...RED_HAT_SETTINGS, schemas: { [SCHEMA]: '*.target-settings.yaml' } };
  const yls = yamlLanguageServer(settings);
  try {
    const theirs = await openIn(yls, settings);
    // Its own wording of the misspelt report type, on that line: the problem ours reports, shown twice.
    assert.deepEqual(
      theirs.diagnostics.map((d) => [d.range.start.line, /^Value is not accepted/.test(d.message)]),
      [[TEXT.split('\n').indexOf('report_type: owsap'), true]],
    );
  } finally {
    yls.process.kill();
  }
});
