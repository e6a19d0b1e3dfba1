// The `$scan-targets` problem matcher the extension contributes, on a task that runs the command
// line as a tasks.json would (`scan-targets validate FILE`): its problems land in Problems at the
// places the command line names (1-based there, 0-based in VS Code), with their codes.
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import { EXTENSION_ID, waitForDiagnostics, workspaceFile } from '../helpers';

describe('problem matcher $scan-targets', function () {
  it('turns the output of scan-targets validate in a task into problems', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    const uri = workspaceFile('matched.target-settings.yaml');
    await vscode.workspace.fs.writeFile(uri, Buffer.from('ids:\n  - 3Sy7TyNMnQ8x\nsite:\n  name: Shop\n  url: https://shop.example\nreport_type: owsap\n'));
    const folder = vscode.workspace.workspaceFolders![0]!;
    const task = new vscode.Task(
      { type: 'process' },
      folder,
      'validate',
      'scan-targets',
      new vscode.ProcessExecution(process.execPath, [path.join(extension.extensionPath, 'dist', 'cli.js'), 'validate', 'matched.target-settings.yaml'], {
        cwd: folder.uri.fsPath,
        env: { ELECTRON_RUN_AS_NODE: '1' },
      }),
      ['$scan-targets'],
    );
    await vscode.tasks.executeTask(task);
    const diagnostics = await waitForDiagnostics(uri, (ds) => ds.some((d) => d.source === 'scan-targets' && d.code === 'invalid-enum'), 30_000);
    const problem = diagnostics.find((d) => d.code === 'invalid-enum')!;
    assert.strictEqual(problem.severity, vscode.DiagnosticSeverity.Error);
    assert.deepStrictEqual([problem.range.start.line, problem.range.start.character], [5, 13], 'line 6, column 14 of the command line');
    assert.match(problem.message, /owsap/);
  });
});
