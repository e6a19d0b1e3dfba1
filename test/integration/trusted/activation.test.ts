import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { SERVER_ENV, SERVER_NODE_OPTIONS } from '../../../src/server/protocol';
import { activateExtension, EXTENSION_ID, waitForDiagnostics, workspaceFile } from '../helpers';

const MODELINE = '# yaml-language-server: $schema=../schemas/target-settings.schema.json';

/** The command line and environment of this extension host's child process that runs `entry`, read from /proc. */
function childRunning(entry: string): { args: string[]; env: string[] } | undefined {
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const ppid = /^PPid:\s+(\d+)$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (ppid === String(process.pid) && args.includes(entry)) return { args, env: fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0') };
    } catch {
      // (A process that ended while being read.)
    }
  }
  return undefined;
}

describe('activation', () => {
  it('activates when a target-settings file is opened', async () => {
    const document = await vscode.workspace.openTextDocument(workspaceFile('shop.target-settings.yaml'));
    await vscode.window.showTextDocument(document);
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, 'extension is loaded');
    await extension.activate();
    assert.strictEqual(extension.isActive, true);
    assert.strictEqual(document.languageId, 'yaml');
  });

  it('registers every command declared in package.json', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const manifest = extension.packageJSON as { contributes: { commands: { command: string }[] } };
    const declared = manifest.contributes.commands.map((c) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = declared.filter((c) => !registered.has(c));
    assert.deepStrictEqual(missing, []);
    assert.ok(declared.length >= 10);
  });

  it('starts its language server with the Node options and environment protocol.ts gives (Linux)', async function () {
    if (process.platform !== 'linux') this.skip();
    const extension = await activateExtension();
    // The server runs once it has checked a document: one with an error, opted in by its first line.
    const document = await vscode.workspace.openTextDocument({ language: 'yaml', content: `${MODELINE}\nids: [a1]\nreport_type: nope\n` });
    await vscode.window.showTextDocument(document);
    await waitForDiagnostics(document.uri, (ds) => ds.length > 0);
    const entry = path.join(extension.extensionPath, 'dist', 'load', 'server.js');
    const server = childRunning(entry);
    assert.ok(server, `no child process of the extension host runs ${entry}`);
    for (const option of SERVER_NODE_OPTIONS) assert.ok(server.args.includes(option), `${option} in ${server.args.join(' ')}`);
    for (const [name, value] of Object.entries(SERVER_ENV)) assert.ok(server.env.includes(`${name}=${value}`), `${name}=${value} in the server's environment`);
  });
});
