// A person's path through the product, in a normal VS Code window with the extension installed
// from its .vsix: the sidebar's welcome state, the token typed into the password box, the
// entitlements tree, a bulk update run from the palette on selected ids and confirmed in the
// modal dialog, the rejected id in the Problems panel, "Update the N Valid Ids", Cancel in two
// steps while the service holds a request, and an apply of what changed since the last commit,
// its base picked and its plan confirmed.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'crypto';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import type { Browser } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../src/sandbox';
import { at } from '../fixtures/at';
import { ManualClock } from '../fixtures/manualClock';
import { host, REPO_ROOT, Workbench } from './workbench';

const INVALID_ID = 'zzzzzzzzzzz1';

let sandbox: Sandbox;
/** The sandbox's time: an answer held by latency waits until a test moves it. */
const sandboxClock = new ManualClock();
let server: Awaited<ReturnType<Awaited<ReturnType<typeof host>>['startCodeServer']>>;
let browser: Browser;
let wb: Workbench;

before(async () => {
  const token = `e2e-${randomBytes(12).toString('hex')}`;
  sandbox = await startSandbox({ token, clock: sandboxClock });
  const h = await host();
  const { bin } = h.ensureVsCodeHost();
  const workDir = path.join(REPO_ROOT, '.vscode-test', 'e2e');
  fs.rmSync(workDir, { recursive: true, force: true });
  const folder = path.join(workDir, 'workspace');
  fs.mkdirSync(folder, { recursive: true });
  const [a, b, c] = sandbox.targetIds();
  fs.writeFileSync(
    path.join(folder, 'shop.target-settings.yaml'),
    [
      'ids:',
      `  - ${a}`,
      `  - ${INVALID_ID}`,
      `  - ${b}`,
      `  - ${c}`,
      'site:',
      '  name: Shop (staging)',
      '  url: https://staging.shop.example',
      'report_type: owasp',
      '',
    ].join('\n'),
  );
  // A git work tree, its file committed: what Apply compares with.
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: folder, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('-c', 'user.email=e2e@example.invalid', '-c', 'user.name=E2E', 'commit', '-q', '-m', 'base');
  (globalThis as { folder?: string }).folder = folder;
  const extensionsDir = path.join(workDir, 'extensions');
  const userDataDir = path.join(workDir, 'user-data');
  fs.mkdirSync(extensionsDir, { recursive: true });
  fs.mkdirSync(userDataDir, { recursive: true });
  h.installVsix({ bin, extensionsDir, userDataDir, vsix: process.env.SCAN_TARGETS_VSIX ?? path.join(REPO_ROOT, 'dist-vsix', 'scan-target-settings.vsix') });
  server = await h.startCodeServer({
    bin,
    workDir,
    folder,
    settings: {
      'workbench.startupEditor': 'none',
      'telemetry.telemetryLevel': 'off',
      'update.mode': 'none',
      'security.workspace.trust.enabled': false,
      'workbench.colorTheme': 'Default Light Modern',
      'scanTargets.baseUrl': sandbox.url,
    },
  });
  browser = await h.launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(h.workbenchUrl({ url: server.url, port: server.port, folder }));
  wb = new Workbench(page);
  await wb.waitReady();
  (globalThis as { token?: string }).token = token;
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await sandbox?.close();
});

test('the Scan Targets sidebar opens on its welcome state: a base URL but no token yet', async () => {
  await wb.page.locator('.activitybar .action-item a[aria-label^="Scan Targets"]').click();
  const welcome = wb.page.locator('.welcome-view-content', { hasText: 'no API token is stored' });
  await welcome.waitFor({ timeout: 20_000 });
  assert.match(await welcome.innerText(), /Set API Token/);
});

test('the token typed into the password box connects the view, and the tree shows the groups', async () => {
  const token = (globalThis as { token?: string }).token!;
  await wb.runCommand('Scan Targets: Set API Token');
  const box = wb.page.locator('.quick-input-widget .quick-input-box input');
  await box.waitFor({ timeout: 10_000 });
  assert.equal(await box.getAttribute('type'), 'password');
  await wb.answerInput(token, /API token for http:\/\/127\.0\.0\.1/);
  for (const group of ['Features', 'Integrations', 'Limits', 'Allowed values', 'Credit packs']) {
    await wb.page.locator('.pane-body .monaco-list-row', { hasText: group }).first().waitFor({ timeout: 20_000 });
  }
  await wb.page.locator('.pane-body .monaco-list-row', { hasText: 'Features' }).first().click();
  await wb.page.locator('.pane-body .monaco-list-row', { hasText: 'Bulk updates' }).first().waitFor({ timeout: 10_000 });
  assert.ok(!(await wb.page.content()).includes(token), 'the token is not shown anywhere on the page');
});

test('a bulk update from the palette on selected ids, confirmed in the dialog, puts the rejected id in Problems', async () => {
  await wb.openFile('shop.target-settings.yaml');
  await wb.page.locator('.monaco-editor .view-lines').first().click();
  // Select the first three items of `ids` (lines 2 to 4) with the keyboard.
  await wb.page.keyboard.press('Control+Home');
  await wb.page.keyboard.press('ArrowDown');
  for (let i = 0; i < 3; i++) await wb.page.keyboard.press('Shift+ArrowDown');
  await wb.page.keyboard.press('Shift+ArrowLeft');

  await wb.runCommand('Scan Targets: Run Bulk Update on Selected IDs');
  const dialogText = await wb.answerDialog(/^Update 3 targets$/);
  assert.match(dialogText, /3 targets/);
  assert.match(dialogText, /3 ids selected in document 1 of shop\.target-settings\.yaml\./);
  assert.ok(dialogText.includes(sandbox.url), 'the dialog names the service');

  await wb.page.locator('.notifications-toasts .notification-toast', { hasText: 'Bulk update:' }).first().waitFor({ timeout: 30_000 });
  await wb.page.keyboard.press('Control+Shift+M');
  const problem = wb.page.locator('.markers-panel .monaco-list-row', { hasText: `${INVALID_ID}` }).first();
  await problem.waitFor({ timeout: 20_000 });
  assert.match(await wb.page.locator('.markers-panel').innerText(), /rejected by the service/);
  // The service applies nothing when an id is invalid (is_id_404_validation=true).
  assert.deepEqual(sandbox.changes, []);
});

test('"Update the 2 Valid Ids" sends exactly the valid ids, once', async () => {
  const [a, b] = sandbox.targetIds();
  await wb.page
    .locator('.notifications-toasts .notification-toast .monaco-button', { hasText: /Update the 2 Valid Ids/ })
    .first()
    .click();
  await wb.answerDialog(/^Update 2 targets$/);
  await waitUntil(() => sandbox.changes.length > 0, 30_000, 'the sandbox to record the update');
  assert.equal(sandbox.changes.length, 1);
  assert.deepEqual([...at(sandbox.changes, 0).ids].sort(), [a, b].sort());
});

test('Cancel twice: the request held by the service is given up on, and its ids are reported as unknown', async () => {
  // The sandbox holds every answer until its clock moves, which this test never does.
  sandbox.setFaults({ latencyMs: 1_000 });
  const posts = (): number => sandbox.requests.filter((r) => r.method === 'POST').length;
  const before = posts();
  await wb.page.locator('.monaco-editor .view-lines').first().click();
  await wb.page.keyboard.press('Control+End');
  await wb.runCommand('Scan Targets: Run Bulk Update on Selected IDs');
  await wb.answerDialog(/^Update 4 targets$/);
  await waitUntil(() => posts() > before, 30_000, 'the request to reach the sandbox');

  const progress = wb.page.locator('.notifications-toasts .notification-toast', { hasText: 'Bulk update of 4 targets' }).first();
  await progress.locator('.monaco-button', { hasText: 'Cancel' }).click();
  const waiting = wb.page.locator('.notifications-toasts .notification-toast', { hasText: 'waiting up to 30 s for the requests in flight' }).first();
  await waiting.locator('.monaco-button', { hasText: 'Cancel' }).click();

  const result = wb.page.locator('.notifications-toasts .notification-toast', { hasText: /4 may have been applied: the service's answer was lost/ }).first();
  await result.waitFor({ timeout: 30_000 });
  assert.equal(posts(), before + 1, 'nothing more was sent');
  sandbox.setFaults({});
});

test('Apply Changed Target Settings: the base picked, the plan shown and confirmed, only the new file sent', async () => {
  const folder = (globalThis as { folder?: string }).folder!;
  const id = at(sandbox.targetIds(), 3);
  fs.writeFileSync(path.join(folder, 'checkout.target-settings.yaml'), ['ids:', `  - ${id}`, 'site:', '  name: Checkout', 'report_type: owasp', ''].join('\n'));
  const changes = sandbox.changes.length;

  await wb.runCommand('Scan Targets: Apply Changed Target Settings…');
  await wb.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Uncommitted changes' }).first().click();
  await wb.page.locator('.tabs-container .tab', { hasText: 'target-settings.plan.txt' }).waitFor({ timeout: 20_000 });
  const dialogText = await wb.answerDialog(/^Apply 1 Document$/);
  assert.match(dialogText, /Send 1 bulk update \(1 id, 1 request\)\?/);
  assert.match(dialogText, /checkout\.target-settings\.yaml, document 1: 1 id \(new file\)/);
  assert.ok(dialogText.includes(sandbox.url), 'the dialog names the service');

  await wb.page.locator('.notifications-toasts .notification-toast', { hasText: 'Apply of 1 document:' }).first().waitFor({ timeout: 30_000 });
  assert.equal(sandbox.changes.length, changes + 1, 'one change, for the new file only');
  assert.deepEqual(at(sandbox.changes, changes).ids, [id]);
});

/** Re-checks `condition` whenever the event loop turns, until it holds or `timeoutMs` passes. */
function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (condition()) return resolve();
      if (Date.now() > deadline) return reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      setTimeout(check, 50);
    };
    check();
  });
}
