// Entry VS Code's web worker extension host loads as `extensionTestsPath` for the browser suite
// (scripts/run-web-tests.mjs bundles it with the tests for the browser). Runs mocha's browser
// build there and posts each result, as JSON, to the launcher's results address: the worker's
// console is not visible from outside the page.
import 'mocha/mocha.js';
import * as vscode from 'vscode';
import { webTestConfig } from './config';

/**
 * The tests of this suite, each registering its `describe` when loaded, after mocha's set-up: this
 * suite's own, and those of the desktop suite that hold in a browser.
 */
const loadTests = (): Promise<unknown> =>
  Promise.all([
    import('./inWorker.test.js'),
    import('./network.test.js'),
    import('./unavailable.test.js'),
    import('../integration/trusted/assist.test.js'),
    import('../integration/trusted/validation.test.js'),
    import('../integration/trusted/explainCode.test.js'),
  ]);

export async function run(): Promise<void> {
  const config = await webTestConfig();
  const post = (record: Record<string, unknown>): Promise<unknown> =>
    fetch(config.resultsUrl, { method: 'POST', body: JSON.stringify(record) }).catch(() => undefined);
  await post({ event: 'start', vscodeVersion: vscode.version, suite: 'web', trusted: vscode.workspace.isTrusted });
  mocha.setup({ ui: 'bdd', timeout: 30_000, reporter: function SilentReporter() {} as unknown as Mocha.ReporterConstructor });
  if (config.grep) mocha.grep(config.grep);
  await loadTests();
  const pending: Promise<unknown>[] = [];
  await new Promise<void>((resolve, reject) => {
    const runner = mocha.run((failures) => {
      pending.push(post({ event: 'end', failures, stats: runner.stats }));
      void Promise.all(pending).then(() => (failures > 0 ? reject(new Error(`${failures} browser test(s) failed`)) : resolve()));
    });
    runner.on('pass', (t) => pending.push(post({ event: 'pass', title: t.fullTitle(), durationMs: t.duration })));
    runner.on('fail', (t, err: Error) => pending.push(post({ event: 'fail', title: t.fullTitle(), error: String(err?.stack ?? err) })));
    runner.on('pending', (t) => pending.push(post({ event: 'pending', title: t.fullTitle() })));
  });
}
