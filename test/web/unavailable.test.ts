// What cannot work in a browser says so before anything happens: a `${env:NAME}` placeholder
// (no environment to read it from), the local sandbox (no Node.js process), Apply (no disk, no git).
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ScanTargetsApi } from '../../src/extension';
import { secretsFileText } from '../fixtures/secretsFile';
import { EXTENSION_ID, activateExtension, codeOf, waitForDiagnostics, workspaceFile } from '../integration/helpers';
import { webTestConfig } from './config';

type Refusal = { status: string; message: string };

describe('what a browser cannot do', function () {
  before(activateExtension);

  it('${env:NAME}: the diagnostic and the hover say a browser cannot read it, and a bulk update refuses once, naming the variables', async () => {
    const config = await webTestConfig();
    await vscode.commands.executeCommand('scanTargets.setBaseUrl', { baseUrl: config.sandbox.url });
    await vscode.commands.executeCommand('scanTargets.setApiToken', { token: config.sandbox.token });
    const uri = workspaceFile('web-env.target-settings.yaml');
    const text = secretsFileText(config.sandbox.targetIds.slice(0, 2));
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);

    const diagnostics = await waitForDiagnostics(uri, (ds) => ds.filter((d) => codeOf(d) === 'env-not-set').length === 4);
    for (const d of diagnostics.filter((x) => codeOf(x) === 'env-not-set')) assert.match(d.message, /browser has no environment variables/);
    const line = text.split('\n').findIndex((l) => l.includes('${env:SHOP_PW}'));
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      uri,
      new vscode.Position(line, text.split('\n')[line]!.indexOf('SHOP_PW') + 2),
    );
    const markdown = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(markdown, /cannot be read here/);

    const requestsBefore = (await (await fetch(config.sandbox.requestsUrl)).json()) as { requests: unknown[] };
    const result = await vscode.commands.executeCommand<Refusal>('scanTargets.bulkUpdate', { uri: uri.toString(), confirm: false });
    assert.strictEqual(result.status, 'refused', JSON.stringify(result));
    for (const name of ['SHOP_PW', 'SHOP_OTP', 'SHOP_API_KEY', 'SHOP_FORM_PW']) assert.ok(result.message.includes(`\${env:${name}}`), result.message);
    assert.strictEqual(result.message.match(/browser has no environment variables/g)?.length, 1, 'said once');
    assert.match(result.message, /browser has no environment variables/);
    assert.match(result.message, /Nothing was sent/);
    const requestsAfter = (await (await fetch(config.sandbox.requestsUrl)).json()) as { requests: unknown[] };
    assert.strictEqual(requestsAfter.requests.length, requestsBefore.requests.length, 'no request reached the service');
  });

  it('the local sandbox is not offered, and asking for it says how to run it on the machine', async () => {
    const api = vscode.extensions.getExtension<ScanTargetsApi>(EXTENSION_ID)!.exports;
    const { menu } = await api.connectionStatus();
    assert.ok(!menu.some((label) => /Sandbox/.test(label)), menu.join(', '));
    const result = await vscode.commands.executeCommand<Refusal>('scanTargets.startSandbox', { quiet: true });
    assert.strictEqual(result.status, 'refused');
    assert.match(result.message, /scan-targets sandbox --cors/);
  });

  it('Apply says it needs a disk and git, and sends nothing', async () => {
    const result = await vscode.commands.executeCommand<Refusal>('scanTargets.applyChanges', { base: null, confirm: false });
    assert.strictEqual(result.status, 'refused');
    assert.match(result.message, /Nothing was sent/);
    assert.match(result.message, /scan-targets apply/);
  });
});
