// Builds the .vsix with vsce (offline) and checks what it ships: the bundle, schemas, media and
// docs, and nothing of src/, test/ or node_modules/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as yauzl from 'yauzl';

const root = path.resolve(__dirname, '../../../..');

function listZip(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`cannot open ${file}`));
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

test('the .vsix holds the bundle, schemas, media and docs, and no sources or node_modules', async () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vsix-')), 'scan-target-settings.vsix');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'package.mjs'), out], { cwd: root, stdio: 'pipe' });
  const names = await listZip(out);
  const shipped = names.filter((n) => n.startsWith('extension/')).map((n) => n.slice('extension/'.length));

  for (const expected of [
    'package.json',
    'dist/load/extension.js',
    'dist/load/server.js',
    'dist/extension.js',
    'dist/server.js',
    'dist/network.js',
    'schemas/target-settings.schema.json',
    'schemas/entitlements.schema.json',
    'media/scan-targets.svg',
    'media/icon.png',
    'readme.md',
    'changelog.md',
    'LICENSE.txt',
  ]) {
    assert.ok(
      shipped.some((n) => n.toLowerCase() === expected.toLowerCase()),
      `${expected} is in the .vsix (has: ${shipped.join(', ')})`,
    );
  }
  const forbidden = shipped.filter((n) => /^(src|test|node_modules|out|scripts|bench|\.vscode-test)\//.test(n) || n.endsWith('.ts') || n.endsWith('.map'));
  assert.deepEqual(forbidden, []);
  // The command line is not part of the extension: it starts only the language server.
  assert.ok(!shipped.includes('dist/cli.js'), 'dist/cli.js is not shipped');
});
