// End-to-end tier: the packaged .vsix installed into code-server the way users install it, a
// normal window (no test mode, so modal dialogs and input boxes are real), and headless Chromium
// driving it like a person. Runs test/e2e with node's test runner. The README's pictures are taken
// by `npm run screenshots`, not here.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, ensureVsCodeHost } from './vscode-host.mjs';

const vsix = path.join(REPO_ROOT, 'dist-vsix', 'scan-target-settings.vsix');
if (!existsSync(vsix)) {
  console.error('run-e2e: dist-vsix/scan-target-settings.vsix is missing: run `npm run package` first');
  process.exit(1);
}
ensureVsCodeHost();
const dir = path.join(REPO_ROOT, 'out', 'test', 'e2e');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.test.js'))
  .map((f) => path.join(dir, f));
const result = spawnSync(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
  env: { ...process.env, SCAN_TARGETS_VSIX: vsix },
});
process.exit(result.status ?? 1);
