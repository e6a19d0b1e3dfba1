// Drives a real VS Code workbench (code-server) in headless Chromium like a person: palette,
// quick input, dialogs, views, panels. Waits on what the page shows, with timeouts; no sleeps.
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';

export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const SCREENSHOTS = path.join(REPO_ROOT, 'media', 'screenshots');

interface VsCodeHost {
  ensureVsCodeHost(): { bin: string };
  startCodeServer(
    options: Record<string, unknown>,
  ): Promise<{ url: string; port: number; extensionsDir: string; userDataDir: string; stop(): Promise<void>; output(): string }>;
  installVsix(options: Record<string, unknown>): void;
  launchChromium(): Promise<Browser>;
  workbenchUrl(options: Record<string, unknown>): string;
}

// The launcher helpers are ES modules shared with scripts/.
export function host(): Promise<VsCodeHost> {
  return import(path.join(REPO_ROOT, 'scripts', 'vscode-host.mjs')) as Promise<VsCodeHost>;
}

interface DemoWorkbench {
  GETTING_STARTED: string;
  startDemoWorkbench: (options: Record<string, unknown>) => Promise<{ server: { stop(): Promise<void> }; url: string }>;
}

/** A running demo workbench: its code-server and the URL to open. */
export type DemoServer = Awaited<ReturnType<DemoWorkbench['startDemoWorkbench']>>;

/** The workbench `npm start` opens (scripts/demo-workbench.mjs). */
export function demoWorkbench(): Promise<DemoWorkbench> {
  return import(path.join(REPO_ROOT, 'scripts', 'demo-workbench.mjs')) as Promise<DemoWorkbench>;
}

export class Workbench {
  constructor(readonly page: Page) {}

  async waitReady(): Promise<void> {
    await this.page.waitForSelector('.monaco-workbench .part.activitybar', { timeout: 60_000 });
    await this.page.waitForSelector('.monaco-workbench .part.statusbar', { timeout: 60_000 });
  }

  /** Runs a command by its palette title, as a user does (F1, type, Enter). */
  async runCommand(title: string): Promise<void> {
    await this.page.keyboard.press('F1');
    const input = this.page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill(`>${title}`);
    await this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 10_000 });
    await this.page.keyboard.press('Enter');
  }

  /** Answers an input box (e.g. the password box) and accepts it. */
  async answerInput(text: string, promptText?: RegExp): Promise<void> {
    const widget = this.page.locator('.quick-input-widget');
    await widget.waitFor({ state: 'visible', timeout: 10_000 });
    if (promptText)
      await this.page
        .locator('.quick-input-widget .quick-input-message, .quick-input-widget .quick-input-title')
        .filter({ hasText: promptText })
        .first()
        .waitFor({ timeout: 10_000 });
    await this.page.locator('.quick-input-widget .quick-input-box input').fill(text);
    await this.page.keyboard.press('Enter');
    await widget.waitFor({ state: 'hidden', timeout: 10_000 });
  }

  async openFile(name: string): Promise<void> {
    await this.runCommand('Go to File...');
    await this.page.locator('.quick-input-widget .quick-input-box input').fill(name);
    await this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ timeout: 10_000 });
    await this.page.keyboard.press('Enter');
    await this.page.locator('.tabs-container .tab.active', { hasText: name }).waitFor({ timeout: 10_000 });
    await this.page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 10_000 });
  }

  /** Clicks the dialog button whose label matches; returns the dialog's text. */
  async answerDialog(button: RegExp): Promise<string> {
    const dialog = this.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
    const text = await dialog.innerText();
    await this.page.locator('.monaco-dialog-box .dialog-buttons .monaco-button', { hasText: button }).first().click();
    await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
    return text;
  }

  /** Puts the cursor on the first match of `text` in the active editor (the match selected), through the find widget. */
  async goToText(text: string): Promise<void> {
    await this.page.locator('.monaco-editor .view-lines').first().click();
    await this.page.keyboard.press('Control+Home');
    await this.page.keyboard.press('Control+F');
    const input = this.page.locator('.find-widget .input').first();
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill(text);
    await this.page.locator('.find-widget .matchesCount', { hasText: /^1 of/ }).waitFor({ timeout: 10_000 });
    // Escape closes the widget and leaves the match selected (a first one may only end the typing).
    const open = this.page.locator('.find-widget.visible');
    for (let i = 0; i < 3 && (await open.count()) > 0; i++) {
      await this.page.keyboard.press('Escape');
      await open.waitFor({ state: 'detached', timeout: 2_000 }).catch(() => undefined);
    }
    await open.waitFor({ state: 'detached', timeout: 2_000 });
  }

  /** Waits for a notification whose text matches, in the notification center (a toast may hide before it is looked at). */
  async waitForNotification(text: RegExp, timeoutMs = 30_000): Promise<string> {
    await this.runCommand('Notifications: Show Notifications');
    const item = this.page.locator('.notifications-center .notification-list-item', { hasText: text }).first();
    await item.waitFor({ timeout: timeoutMs });
    const shown = await item.innerText();
    await this.runCommand('Notifications: Hide Notifications');
    return shown;
  }

  /** Waits until every finite animation of the page has ended (a toast fading in, a widget closing), so a picture shows the state, not a transition. */
  async settle(): Promise<void> {
    await this.page.evaluate(
      'Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined)))',
    );
  }

  /** Closes every notification, so that no picture shows one left over from an earlier step. */
  async clearNotifications(): Promise<void> {
    await this.runCommand('Notifications: Clear All Notifications');
    await this.page.locator('.notifications-toasts .notification-toast').first().waitFor({ state: 'detached', timeout: 10_000 });
  }

  /** Runs `steps`; when one fails, keeps a picture of the page in out/e2e-failures/ to see why. */
  async keepPictureOnFailure(name: string, steps: () => Promise<void>): Promise<void> {
    try {
      await steps();
    } catch (err) {
      const dir = path.join(REPO_ROOT, 'out', 'e2e-failures');
      fs.mkdirSync(dir, { recursive: true });
      await this.page.screenshot({ path: path.join(dir, `${name}.png`) }).catch(() => undefined);
      throw err;
    }
  }

  async screenshot(name: string): Promise<void> {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await this.page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  }
}
