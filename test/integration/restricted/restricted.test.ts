import * as assert from 'assert';
import * as vscode from 'vscode';
import { startSandbox } from '../../../src/sandbox/server';
import type { Sandbox } from '../../../src/sandbox/types';
import { CANARY_ENV_SECRETS, CANARY_TOKEN } from '../../fixtures/canary';
import { activateExtension, settingsFileText, workspaceFile } from '../helpers';

describe('Restricted Mode (untrusted workspace)', () => {
  it('the workspace really is untrusted', () => {
    assert.strictEqual(vscode.workspace.isTrusted, false);
  });

  it('the extension activates in Restricted Mode', async () => {
    const extension = await activateExtension();
    assert.ok(extension.isActive);
  });

  it('the bulk update command refuses with a clear message and sends nothing', async () => {
    await activateExtension();
    const result = await vscode.commands.executeCommand<{ status: string; message: string }>('scanTargets.bulkUpdate', {
      ids: ['3Sy7TyNMnQ8x'],
      confirm: false,
    });
    assert.strictEqual(result?.status, 'refused');
    assert.match(result.message, /Restricted Mode/);
    assert.match(result.message, /trust/i);
  });

  describe('with a reachable service, a base URL and a stored token', () => {
    let sandbox: Sandbox;
    const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('scanTargets');

    before(async () => {
      await activateExtension();
      // The service answers the canary token: any request the extension made would succeed, and show.
      sandbox = await startSandbox({ profile: 'full', token: CANARY_TOKEN });
      // The user's own setting (honoured in Restricted Mode, unlike the workspace's): the strongest case.
      await config().update('baseUrl', sandbox.url, vscode.ConfigurationTarget.Global);
    });

    after(async () => {
      await vscode.commands.executeCommand('scanTargets.clearApiToken');
      await config().update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
      await sandbox?.close();
    });

    it('no command that talks to the service makes a network call, and none shows the token', async () => {
      // Storing a token is not a network call; it is kept for when the workspace is trusted.
      await vscode.commands.executeCommand('scanTargets.setApiToken', { token: CANARY_TOKEN });
      const uri = workspaceFile('restricted.target-settings.yaml');
      const text = settingsFileText(sandbox.targetIds().slice(0, 3));
      await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));

      const results: Record<string, unknown> = {};
      const run = async (command: string, ...args: unknown[]): Promise<void> => {
        results[command] = await vscode.commands.executeCommand(command, ...args);
      };
      await run('scanTargets.refreshEntitlements');
      await run('scanTargets.openEntitlementsJson');
      await run('scanTargets.bulkUpdate', { uri: uri.toString(), confirm: false });
      await run('scanTargets.bulkUpdate', { ids: sandbox.targetIds().slice(0, 2), confirm: false });
      await run('scanTargets.retryFailed', { confirm: false });
      await run('scanTargets.startSandbox', { quiet: true });
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');

      assert.deepStrictEqual(
        sandbox.requests.map((r) => `${r.method} ${r.path} → ${r.status}`),
        [],
        'the service received no request from an untrusted workspace',
      );
      assert.notStrictEqual(results['scanTargets.refreshEntitlements'], 'loaded');
      assert.strictEqual((results['scanTargets.bulkUpdate'] as { status?: string } | undefined)?.status, 'refused');
      assert.strictEqual((results['scanTargets.startSandbox'] as { status?: string } | undefined)?.status, 'refused');
      const shown = JSON.stringify(results);
      assert.ok(!shown.includes(CANARY_TOKEN) && !shown.includes(CANARY_ENV_SECRETS.SHOP_PW), `no result shows the token or the sensitive value: ${shown}`);
    });
  });
});
