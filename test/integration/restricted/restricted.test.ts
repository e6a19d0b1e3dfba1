import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateExtension } from '../helpers';

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
});
