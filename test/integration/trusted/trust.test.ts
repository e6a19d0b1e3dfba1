// Tokens are kept per API origin: a workspace that points `scanTargets.baseUrl` at another origin
// (a cloned repository's .vscode/settings.json, say) must never receive the token stored for the
// user's service. Service B is started with the SAME token as A, so a request carrying A's token
// would be answered 200: B seeing no 200 proves A's token never reached it (the sandbox records
// statuses, not headers).
import * as assert from 'assert';
import * as vscode from 'vscode';
import { startSandbox } from '../../../src/sandbox/server';
import type { Sandbox } from '../../../src/sandbox/types';
import { CANARY_TOKEN } from '../../fixtures/canary';
import { activateExtension, settingsFileText, workspaceFile } from '../helpers';

describe('the token stays with its origin', function () {
  this.timeout(60_000);
  let a: Sandbox;
  let b: Sandbox;
  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('scanTargets');
  const refresh = (): Thenable<string> => vscode.commands.executeCommand<string>('scanTargets.refreshEntitlements');

  before(async () => {
    await activateExtension();
    a = await startSandbox({ profile: 'full', token: CANARY_TOKEN });
    b = await startSandbox({ profile: 'full', token: CANARY_TOKEN });
    assert.notStrictEqual(new URL(a.url).origin, new URL(b.url).origin, 'two origins');
  });

  after(async () => {
    await config().update('baseUrl', undefined, vscode.ConfigurationTarget.Workspace);
    await config().update('baseUrl', a.url, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('scanTargets.clearApiToken');
    await config().update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await a?.close();
    await b?.close();
  });

  it('a workspace base URL on another origin gets no request with the token of the user’s origin', async () => {
    await config().update('baseUrl', a.url, vscode.ConfigurationTarget.Global);
    assert.strictEqual(await vscode.commands.executeCommand('scanTargets.setApiToken', { token: CANARY_TOKEN }), true);
    assert.strictEqual(await refresh(), 'loaded', 'A answers its token');
    assert.ok(a.requests.some((r) => r.status === 200));

    // The workspace now points at B.
    await config().update('baseUrl', b.url, vscode.ConfigurationTarget.Workspace);
    assert.strictEqual(config().get('baseUrl'), b.url);
    assert.notStrictEqual(await refresh(), 'loaded', 'B is not read with A’s token');

    const uri = workspaceFile('origin.target-settings.yaml');
    const text = settingsFileText(b.targetIds().slice(0, 2));
    await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    // No token is stored for B's origin, so the command asks for one: the prompt is dismissed, as
    // a user who does not know B would. (Polled on the command's settling, bounded; no fixed sleep.)
    let settled = false;
    const pending = Promise.resolve(
      vscode.commands.executeCommand<{ status: string; message?: string }>('scanTargets.bulkUpdate', { uri: uri.toString(), confirm: false }),
    ).finally(() => (settled = true));
    for (const until = Date.now() + 30_000; !settled && Date.now() < until;) {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await new Promise((resolve) => setImmediate(resolve));
    }
    const result = await pending;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.notStrictEqual(result.status, 'done', JSON.stringify(result));
    assert.ok(!JSON.stringify(result).includes(CANARY_TOKEN));

    const answered = b.requests.filter((r) => r.status !== 401);
    assert.deepStrictEqual(
      answered.map((r) => `${r.method} ${r.path} → ${r.status}`),
      [],
      'every request B received (if any) was refused: none carried A’s token',
    );
    assert.deepStrictEqual(b.changes, [], 'nothing was applied on B');
  });
});
