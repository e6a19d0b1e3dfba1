// The trust boundary in VS Code: the language server plans a bulk update with the `${env:NAME}`
// placeholders as written (the language client traces every message at the verbose level in these
// suites, and scripts/scan-canaries.mjs reads that trace), and the extension host resolves them
// right before it sends: the service, and only the service, receives each value.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { startSandbox } from '../../../src/sandbox/server';
import type { Sandbox } from '../../../src/sandbox/types';
import { CANARY_ENV_SECRETS, CANARY_TOKEN } from '../../fixtures/canary';
import { secretsFileText } from '../../fixtures/secretsFile';
import { activateExtension, workspaceFile } from '../helpers';

interface Site {
  basic_auth: { password: string };
  otp_secret: string;
  headers: Array<{ value: string }>;
  form_login: Array<{ value: string }>;
}

describe('secrets stay where the request is sent', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('scanTargets');

  before(async () => {
    await activateExtension();
    sandbox = await startSandbox({ profile: 'full', token: CANARY_TOKEN });
    await config().update('baseUrl', sandbox.url, vscode.ConfigurationTarget.Global);
    assert.strictEqual(await vscode.commands.executeCommand('scanTargets.setApiToken', { token: CANARY_TOKEN }), true);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('scanTargets.clearApiToken');
    await config().update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await sandbox?.close();
  });

  it('the extension host resolves each placeholder right before sending: the service receives every value', async () => {
    const ids = sandbox.targetIds().slice(0, 2);
    const uri = workspaceFile('secrets.target-settings.yaml');
    await vscode.workspace.fs.writeFile(uri, Buffer.from(secretsFileText(ids)));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));

    const preview = await vscode.commands.executeCommand<{ status: string; preview: string }>('scanTargets.previewBulkUpdate', { uri: uri.toString() });
    assert.strictEqual(preview.status, 'previewed', JSON.stringify(preview));
    const result = await vscode.commands.executeCommand<{ status: string; outcome?: { updated: string[] } }>('scanTargets.bulkUpdate', {
      uri: uri.toString(),
      documentIndex: 0,
      confirm: false,
    });
    assert.strictEqual(result.status, 'done', JSON.stringify(result));
    assert.deepStrictEqual(result.outcome?.updated, ids);

    for (const id of ids) {
      const site = sandbox.target(id)?.settings.site as Site;
      assert.strictEqual(site.basic_auth.password, CANARY_ENV_SECRETS.SHOP_PW, 'the basic-auth password reached the service');
      assert.strictEqual(site.otp_secret, CANARY_ENV_SECRETS.SHOP_OTP);
      assert.strictEqual(site.headers[0]?.value, `Key ${CANARY_ENV_SECRETS.SHOP_API_KEY}`);
      assert.strictEqual(site.form_login[0]?.value, CANARY_ENV_SECRETS.SHOP_FORM_PW);
    }
    const shown = JSON.stringify([preview, result]);
    for (const value of Object.values(CANARY_ENV_SECRETS)) assert.ok(!shown.includes(value), 'no value in the preview or the result');
  });
});
