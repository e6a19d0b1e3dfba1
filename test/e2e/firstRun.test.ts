// A new user's first run, as `npm start` sets it up (scripts/demo-workbench.mjs): the
// getting-started example is open, the extension has started the sandbox and connected to it, and
// a bulk update of the whole file from the palette needs no other step. The one id the sandbox does
// not know comes back as an error on its line; the valid ids are then updated in one more click.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import type { Browser } from 'playwright-core';
import { demoWorkbench, host, REPO_ROOT, Workbench, type DemoServer } from './workbench';

let demo: DemoServer;
let browser: Browser;
let wb: Workbench;
let example: string;

before(async () => {
  const { GETTING_STARTED, startDemoWorkbench } = await demoWorkbench();
  example = GETTING_STARTED;
  const workDir = path.join(REPO_ROOT, '.vscode-test', 'first-run');
  fs.rmSync(workDir, { recursive: true, force: true });
  const folder = path.join(workDir, 'examples');
  fs.cpSync(path.join(REPO_ROOT, 'examples'), folder, { recursive: true });
  demo = await startDemoWorkbench({ workDir, folder });
  browser = await (await host()).launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(demo.url);
  wb = new Workbench(page);
  await wb.waitReady();
});

after(async () => {
  await browser?.close();
  await demo?.server.stop();
});

test('npm start opens the getting-started example, and its bulk update works with no other step', () =>
  wb.keepPictureOnFailure('first-run', async () => {
    await wb.page.locator('.tabs-container .tab.active', { hasText: example }).waitFor({ timeout: 60_000 });
    // The extension starts the sandbox on activation; its entitlements read shows it is connected.
    await wb.page.locator('.activitybar .action-item a[aria-label^="Scan Targets"]').click();
    await wb.page.locator('.pane-body .monaco-list-row', { hasText: 'Features' }).first().waitFor({ timeout: 60_000 });

    await wb.page.locator('.monaco-editor .view-lines').first().click();
    await wb.runCommand('Scan Targets: Run Bulk Update on Selected IDs');
    const dialog = await wb.answerDialog(/^Update 5 targets$/);
    assert.match(dialog, /Nothing is selected, so every id of document 1 of getting-started\.target-settings\.yaml is used: 5 ids\./);

    const result = wb.page.locator('.notifications-toasts .notification-toast', { hasText: /1 was rejected by the service as invalid/ }).first();
    await result.waitFor({ timeout: 30_000 });
    assert.match(await result.innerText(), /4 valid ids were not applied/);
    await wb.page.keyboard.press('Control+Shift+M');
    await wb.page.locator('.markers-panel .monaco-list-row', { hasText: 'Xq2UnknownId' }).first().waitFor({ timeout: 20_000 });

    await result.locator('.monaco-button', { hasText: /Update the 4 Valid Ids/ }).click();
    await wb.answerDialog(/^Update 4 targets$/);
    assert.match(await wb.waitForNotification(/4 of 4 ids updated/), /4 of 4 ids updated in 1 request/);
  }));
