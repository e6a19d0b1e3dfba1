// The same integration suites in desktop VS Code through @vscode/test-electron, for machines where
// it can download VS Code or where VSCODE_EXECUTABLE names an installed one. (On machines without
// internet, scripts/run-integration.mjs runs them in code-server instead.)
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { REPO_ROOT } from './vscode-host.mjs';

const suites = process.argv.slice(2).filter((a) => !a.startsWith('-'));
let failed = 0;
let passed = 0;
for (const suite of suites.length > 0 ? suites : ['trusted', 'restricted']) {
  const workDir = path.join(REPO_ROOT, '.vscode-test', 'electron', suite);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const folder = path.join(workDir, 'workspace');
  cpSync(path.join(REPO_ROOT, 'test', 'fixtures', 'workspace'), folder, { recursive: true });
  const resultsFile = path.join(workDir, 'results.jsonl');
  const launchArgs = [folder, '--disable-extensions', `--user-data-dir=${path.join(workDir, 'user-data')}`];
  // Trust is decided by the suite: the restricted suite keeps workspace trust on.
  if (suite === 'trusted') launchArgs.push('--disable-workspace-trust');
  try {
    await runTests({
      vscodeExecutablePath: process.env.VSCODE_EXECUTABLE,
      version: process.env.VSCODE_EXECUTABLE ? undefined : '1.100.3',
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: path.join(REPO_ROOT, 'out', 'test', 'integration', suite, 'index'),
      launchArgs,
      extensionTestsEnv: { SCAN_TARGETS_TEST_RESULTS: resultsFile },
    });
  } catch (err) {
    console.error(`[${suite}] ${err.message ?? err}`);
  }
  const records = existsSync(resultsFile)
    ? readFileSync(resultsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
  const start = records.find((r) => r.event === 'start');
  const p = records.filter((r) => r.event === 'pass').length;
  const f = records.filter((r) => r.event === 'fail');
  for (const r of f) console.log(`  ✘ ${r.title}\n${r.error}`);
  if (!start || !records.some((r) => r.event === 'end')) {
    console.error(`[${suite}] the suite did not run to its end in VS Code`);
    failed++;
  }
  console.log(`[${suite}] VS Code ${start?.vscodeVersion ?? '?'}: ${p} passed, ${f.length} failed`);
  passed += p;
  failed += f.length;
}
console.log(`integration (electron): ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
