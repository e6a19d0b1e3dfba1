// The network in the browser: `fetch` from the web worker to the sandbox the launcher runs on this
// machine, over real HTTP. One sandbox answers the workbench's origin (CORS); the other sends no
// CORS header, as a service that does not allow calls from a browser, and the user is told so in
// words, with every id accounted for.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ScanTargetsApi } from '../../src/extension';
import type { ChangeRecord, RequestRecord } from '../../src/sandbox/types';
import { settingsFileText } from '../fixtures/secretsFile';
import { EXTENSION_ID, activateExtension, codeOf, waitForDiagnostics, workspaceFile } from '../integration/helpers';
import { webTestConfig, type SandboxAddress, type WebTestConfig } from './config';

interface Outcome {
  updated: string[];
  invalid: string[];
  validNotApplied: string[];
  unknown: { ids: string[]; reason: string }[];
  failed: { ids: string[]; reason: string }[];
}
type RunResult = { status: 'done'; outcome: Outcome; summary: string } | { status: 'refused' | 'cancelled'; message: string };

/** What a sandbox received, as the launcher reports it. */
async function received(sandbox: SandboxAddress): Promise<{ requests: RequestRecord[]; changes: ChangeRecord[] }> {
  const response = await fetch(sandbox.requestsUrl);
  return (await response.json()) as { requests: RequestRecord[]; changes: ChangeRecord[] };
}

async function connectTo(sandbox: SandboxAddress): Promise<void> {
  await vscode.commands.executeCommand('scanTargets.setBaseUrl', { baseUrl: sandbox.url });
  await vscode.commands.executeCommand('scanTargets.setApiToken', { token: sandbox.token });
}

/** Waits until the Entitlements view's tree satisfies `check` (it refreshes when the connection changes). */
async function waitForTree(api: ScanTargetsApi, check: (labels: string) => boolean, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const labels = JSON.stringify(await api.entitlementsTree());
    if (check(labels)) return labels;
    if (Date.now() > deadline) throw new Error(`the Entitlements view did not show what was expected: ${labels}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the network in the browser', function () {
  let config: WebTestConfig;
  let api: ScanTargetsApi;

  before(async () => {
    config = await webTestConfig();
    await activateExtension();
    api = vscode.extensions.getExtension<ScanTargetsApi>(EXTENSION_ID)!.exports;
  });

  it('reads the entitlements and runs a bulk update with fetch; the rejected id becomes a diagnostic', async () => {
    await connectTo(config.sandbox);
    await waitForTree(api, (labels) => /Features/i.test(labels));

    const valid = config.sandbox.targetIds.slice(0, 1);
    const rejected = 'zzzzzzzzzzz9';
    const uri = workspaceFile('web-bulk.target-settings.yaml');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(settingsFileText([...valid, rejected], 'not-a-secret')));
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    const before = (await received(config.sandbox)).requests.length;

    const result = await vscode.commands.executeCommand<RunResult>('scanTargets.bulkUpdate', { uri: uri.toString(), confirm: false });
    assert.strictEqual(result.status, 'done', JSON.stringify(result));
    const outcome = (result as { outcome: Outcome }).outcome;
    assert.deepStrictEqual(outcome.invalid, [rejected]);
    assert.deepStrictEqual(outcome.validNotApplied, valid);

    const posts = (await received(config.sandbox)).requests.slice(before).filter((r) => r.method === 'POST');
    assert.ok(posts.length >= 1 && posts.every((r) => r.path.endsWith('/targets/bulk/update/')), JSON.stringify(posts));
    const diagnostics = await waitForDiagnostics(uri, (ds) => ds.some((d) => codeOf(d) === 'invalid-id'));
    assert.strictEqual(diagnostics.find((d) => codeOf(d) === 'invalid-id')?.range.start.line, 2, 'on the rejected id');
  });

  it('a service that does not allow calls from this origin: both say so, never "Failed to fetch", and the ids are accounted for', async () => {
    await connectTo(config.noCorsSandbox);
    const tree = await waitForTree(api, (labels) => /allow calls from/i.test(labels));
    assert.doesNotMatch(tree, /Failed to fetch/);

    const ids = config.noCorsSandbox.targetIds.slice(0, 2);
    const uri = workspaceFile('web-cors.target-settings.yaml');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(settingsFileText(ids, 'not-a-secret')));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const result = await vscode.commands.executeCommand<RunResult>('scanTargets.bulkUpdate', { uri: uri.toString(), confirm: false });
    assert.strictEqual(result.status, 'done', JSON.stringify(result));
    const { outcome, summary } = result as { outcome: Outcome; summary: string };
    // The browser does not say whether the request reached the service: the ids may have been updated.
    assert.deepStrictEqual(outcome.unknown.flatMap((g) => g.ids).sort(), [...ids].sort(), JSON.stringify(outcome));
    assert.deepStrictEqual(outcome.updated, []);
    const message = outcome.unknown.map((g) => g.reason).join('\n');
    assert.match(message, /does not allow calls from this editor's origin/);
    assert.match(message, /desktop|command line/);
    assert.doesNotMatch(`${message}\n${summary}`, /Failed to fetch/);
  });
});
