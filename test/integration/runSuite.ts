// Runs one integration suite with mocha inside VS Code's extension host and writes each result,
// as a JSON line, to the file the launcher named in SCAN_TARGETS_TEST_RESULTS. The launcher reads
// that file: the extension host's console is not visible from outside code-server.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import Mocha from 'mocha';
import { recordShownTexts, shownTextsFile } from './shownTexts';

export async function runSuite(suiteDir: string): Promise<void> {
  const resultsFile = process.env.SCAN_TARGETS_TEST_RESULTS;
  if (!resultsFile) throw new Error('SCAN_TARGETS_TEST_RESULTS is not set: start the suite with scripts/run-integration.mjs');
  const write = (record: Record<string, unknown>): void => fs.appendFileSync(resultsFile, JSON.stringify(record) + '\n');
  write({ event: 'start', vscodeVersion: vscode.version, suite: path.basename(suiteDir), trusted: vscode.workspace.isTrusted });

  const suite = path.basename(suiteDir);
  const shownFile = shownTextsFile(suite);
  fs.rmSync(shownFile, { force: true });
  const mocha = new Mocha({
    ui: 'bdd',
    timeout: 30_000,
    color: false,
    reporter: 'dot',
    // SCAN_TARGETS_TEST_GREP=<pattern> runs only the tests whose full title matches (while working on one).
    ...(process.env.SCAN_TARGETS_TEST_GREP ? { grep: process.env.SCAN_TARGETS_TEST_GREP } : {}),
    rootHooks: {
      afterEach(this: Mocha.Context) {
        recordShownTexts(shownFile, this.currentTest?.fullTitle() ?? '(unknown test)');
      },
    },
  });
  const files = fs
    .readdirSync(suiteDir)
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  for (const file of files) mocha.addFile(path.join(suiteDir, file));

  await new Promise<void>((resolve, reject) => {
    try {
      const runner = mocha.run((failures) => {
        write({ event: 'end', failures, stats: runner.stats });
        if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
        else resolve();
      });
      runner.on('pass', (t) => write({ event: 'pass', title: t.fullTitle(), durationMs: t.duration }));
      runner.on('fail', (t, err: Error) => write({ event: 'fail', title: t.fullTitle(), error: String(err?.stack ?? err) }));
      runner.on('pending', (t) => write({ event: 'pending', title: t.fullTitle() }));
    } catch (err) {
      write({ event: 'crash', error: String((err as Error)?.stack ?? err) });
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
