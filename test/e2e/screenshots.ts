// `npm run screenshots`: every picture of the README, taken from the real workbench the way a new
// user meets the product (`npm start`'s set-up, scripts/demo-workbench.mjs, on a copy of examples/:
// the getting-started example open, the local sandbox started by the extension). Each picture is taken once what its caption names is on
// screen, with no leftover notification or hover from the step before.
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Locator } from 'playwright-core';
import { demoWorkbench, host, REPO_ROOT, Workbench } from './workbench';

const EXAMPLE = 'getting-started.target-settings.yaml';

async function main(): Promise<void> {
  const { startDemoWorkbench } = await demoWorkbench();
  const workDir = path.join(REPO_ROOT, '.vscode-test', 'screenshots');
  fs.rmSync(workDir, { recursive: true, force: true });
  const folder = path.join(workDir, 'examples');
  fs.cpSync(path.join(REPO_ROOT, 'examples'), folder, { recursive: true });
  const demo = await startDemoWorkbench({
    workDir,
    folder,
    settings: { 'workbench.colorTheme': 'Default Light Modern', 'editor.fontSize': 15, 'editor.minimap.enabled': false },
  });
  let browser: Browser | undefined;
  try {
    browser = await (await host()).launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(demo.url);
    const wb = new Workbench(page);
    await wb.waitReady();
    await wb.keepPictureOnFailure('screenshots', () => takeAll(wb));
  } finally {
    await browser?.close();
    await demo.server.stop();
  }
}

async function takeAll(wb: Workbench): Promise<void> {
  const page = wb.page;
  const shot = async (name: string, what: string): Promise<void> => {
    await wb.settle();
    await wb.screenshot(name);
    console.log(`screenshots: media/screenshots/${name}.png (${what})`);
  };
  const visible = (locator: Locator): Promise<void> => locator.first().waitFor({ state: 'visible', timeout: 30_000 });

  // The sidebar, once the sandbox the extension started has answered the entitlements read.
  await page.locator('.activitybar .action-item a[aria-label^="Scan Targets"]').click();
  await visible(page.locator('.pane-body .monaco-list-row', { hasText: 'Credit packs' }));
  await page.locator('.pane-body .monaco-list-row', { hasText: 'Credit packs' }).first().click();
  await visible(page.locator('.pane-body .monaco-list-row', { hasText: '50,000 credits' }));
  await wb.clearNotifications();
  await shot('entitlements-view', 'the Entitlements view');
  await wb.runCommand('View: Close Primary Side Bar');

  // The status bar item and its menu.
  await page.locator('.tabs-container .tab.active', { hasText: EXAMPLE }).waitFor({ timeout: 60_000 });
  const status = page.locator('.statusbar-item', { hasText: /Scan Targets: sandbox/ });
  await visible(status);
  await status.first().click();
  await visible(page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Set API Token' }));
  await shot('status-bar', 'the status bar item and its menu');
  await page.keyboard.press('Escape');

  // A misspelt value: the error under it, and its message on hover.
  await wb.goToText('report_type: ');
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type('report_type: owsap');
  const squiggle = page.locator('.monaco-editor .squiggly-error');
  await visible(squiggle);
  await page.keyboard.press('Escape'); // the completion list typing opened
  await page.keyboard.press('ArrowLeft');
  // The squiggle may still be an earlier version's (the diagnostics of what was typed arrive after
  // a debounce): the hover is asked again until it holds the final version's message.
  const withMessage = page.locator('.monaco-hover', { hasText: /did you mean/i });
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const shown = await withMessage
      .first()
      .waitFor({ state: 'visible', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) break;
    if (attempt === 6) throw new Error('the hover never showed the diagnostic of report_type: owsap');
    await page.keyboard.press('Escape');
  }
  await shot('diagnostics-hover', 'a misspelt value with its error on hover');

  // Completion of the value, each with what it means.
  await page.keyboard.press('Escape');
  await page.keyboard.press('End');
  for (let i = 0; i < 'owsap'.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.press('Control+Space');
  await visible(page.locator('.suggest-widget .monaco-list-row', { hasText: 'owasp' }));
  // The details of the focused value (its meaning) open beside the list with a second Ctrl+Space.
  await page.keyboard.press('Control+Space');
  await visible(page.locator('.suggest-details'));
  await shot('completion', 'completion of report_type with the meaning of each value');
  await page.keyboard.press('Escape');
  await page.keyboard.type('owasp');
  await page.keyboard.press('Control+S');
  await squiggle.first().waitFor({ state: 'detached', timeout: 30_000 });

  // A bulk update of the whole file: the confirmation, then the result.
  await page.keyboard.press('Control+Home');
  await wb.clearNotifications();
  await wb.runCommand('Scan Targets: Run Bulk Update on Selected IDs');
  await visible(page.locator('.monaco-dialog-box'));
  await shot('bulk-update-confirmation', 'the confirmation of a bulk update');
  await wb.answerDialog(/^Update \d+ targets?$/);
  const result = page.locator('.notifications-toasts .notification-toast', { hasText: /ids updated/ });
  await visible(result);
  await page.locator('.notifications-toasts .notification-toast', { hasText: /ids answered/ }).waitFor({ state: 'detached', timeout: 30_000 });
  const expand = result.locator('.codicon-notifications-expand');
  if ((await expand.count()) > 0) await expand.first().click();
  await visible(result.locator('.monaco-button', { hasText: 'Show Report' }));
  await shot('bulk-update-result', 'the result of the bulk update');

  // The id the service rejected, with its quick fix.
  await wb.clearNotifications();
  await visible(page.locator('.monaco-editor .squiggly-error'));
  await wb.goToText('Xq2UnknownId');
  await page.keyboard.press('Control+.');
  await visible(page.locator('.action-widget', { hasText: /Remove invalid id/ }));
  await shot('bulk-update-invalid-id', 'the rejected id as an error, with the quick fix that removes it');
  await page.keyboard.press('Escape');

  // The walkthrough.
  await wb.clearNotifications();
  await wb.runCommand('Welcome: Open Walkthrough...');
  await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Get Started with Scan Target Settings' }).first().click();
  await visible(page.locator('.gettingStartedContainer .getting-started-step'));
  await shot('walkthrough', 'the walkthrough');
}

main().catch((err: unknown) => {
  console.error(`screenshots: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
