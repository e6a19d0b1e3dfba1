// The walkthrough as declared in package.json: each step's page exists and ships in the .vsix,
// each command it links or completes on is one the extension contributes (or one of VS Code's),
// and the example it opens ships too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
interface Step {
  id: string;
  description: string;
  media: { markdown?: string };
  completionEvents?: string[];
  when?: string;
}
interface Manifest {
  contributes: { commands: { command: string }[]; walkthroughs: { id: string; steps: Step[] }[] };
}
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
const vscodeignore = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8');

test('one walkthrough: connect, open an example, preview, run, fix an invalid id; in a browser, connect without the sandbox', () => {
  const [walkthrough, ...others] = manifest.contributes.walkthroughs;
  assert.equal(others.length, 0);
  const stepsShown = (web: boolean): Step[] =>
    walkthrough!.steps.filter((s) => s.when === undefined || s.when === (web ? 'scanTargets.inBrowser' : '!scanTargets.inBrowser'));
  assert.deepEqual(
    stepsShown(false).map((s) => s.id),
    ['connect', 'openExample', 'preview', 'run', 'fixInvalidId'],
  );
  assert.deepEqual(
    stepsShown(true).map((s) => s.id),
    ['connectWeb', 'openExample', 'preview', 'run', 'fixInvalidId'],
  );
  // The sandbox needs Node.js: the browser's step does not offer it.
  for (const step of stepsShown(true)) assert.doesNotMatch(step.description, /command:scanTargets\.startSandbox/, step.id);
});

test('every step has its page, and links only commands that exist', () => {
  const ours = new Set(manifest.contributes.commands.map((c) => c.command));
  for (const step of manifest.contributes.walkthroughs.flatMap((w) => w.steps)) {
    const page = step.media.markdown;
    assert.ok(page !== undefined && fs.existsSync(path.join(root, page)), `${step.id}: ${page} exists`);
    assert.match(page, /^media\//, `${step.id}: its page ships with media/**`);
    const linked = [...step.description.matchAll(/\(command:([\w.]+)\)/g)].map((m) => m[1]);
    const completing = (step.completionEvents ?? []).map((e) => e.replace(/^onCommand:/, ''));
    assert.ok(linked.length > 0, `${step.id} has a button`);
    for (const command of [...linked, ...completing]) {
      assert.ok(command !== undefined && (ours.has(command) || command.startsWith('workbench.')), `${step.id}: ${command} is contributed`);
    }
  }
});

test('the example the walkthrough opens ships in the .vsix', () => {
  assert.ok(fs.existsSync(path.join(root, 'examples', 'getting-started.target-settings.yaml')));
  assert.match(vscodeignore, /^!examples\/getting-started\.target-settings\.yaml$/m);
});
