// The `$scan-targets` problem matcher the extension contributes, on a task that runs the command
// line as a tasks.json would (`scan-targets validate FILE`): its problems land in Problems at the
// places the command line names (1-based there, 0-based in VS Code), with their codes. Its owner
// (`scan-targets-cli`) is not the language client's diagnostic collection (`scan-targets`): VS Code
// replaces the markers of one owner together, so sharing it let the editor's diagnostics wipe the
// task's.
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import { EXTENSION_ID, waitForDiagnostics, waitForEvent, workspaceFile } from '../helpers';

describe('problem matcher $scan-targets', function () {
  it('turns the output of scan-targets validate in a task into problems', async function () {
    // Starting a terminal for the task takes a while on a loaded machine.
    this.timeout(90_000);
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
    const ended = waitForEvent(vscode.tasks.onDidEndTaskProcess, (e) => e.execution.task.name === 'validate', 45_000, 'the task to end');
    await vscode.tasks.executeTask(task);
    const { exitCode } = await ended;
    assert.strictEqual(exitCode, 1, 'scan-targets validate exits 1 on errors');
    const diagnostics = await waitForDiagnostics(uri, (ds) => ds.some((d) => d.source === 'scan-targets' && d.code === 'invalid-enum'), 20_000);
    const problem = diagnostics.find((d) => d.code === 'invalid-enum')!;
    assert.strictEqual(problem.severity, vscode.DiagnosticSeverity.Error);
    assert.deepStrictEqual([problem.range.start.line, problem.range.start.character], [5, 13], 'line 6, column 14 of the command line');
    assert.match(problem.message, /owsap/);
  });
});
