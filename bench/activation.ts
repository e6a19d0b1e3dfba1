// 4. Activation: bundle size of dist/extension.js (as `npm run build` makes it) and of the
// production bundle the .vsix ships (`--production`: minified), and the time to load it and run
// activate() in a fresh process with a stand-in for `vscode` (median of several processes), and
// whether any schema is compiled at activation.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ROOT, log, median } from './common';

export interface ActivationRow {
  bundle: string;
  bytes: number;
  loadMs: number;
  activateMs: number;
  totalMs: number;
  compiledAtActivation: boolean;
  functionsBuilt: number;
  subscriptions: number;
}

const PROCESSES = 7;

function measure(label: string, file: string): ActivationRow {
  log(`activation: ${label}`);
  const child = path.join(__dirname, 'activationChild.js');
  const results: Array<{ loadMs: number; activateMs: number; totalMs: number; functionsAtLoad: number; functionsAtActivate: number; ajvLoaded: boolean; subscriptions: number }> = [];
  for (let i = 0; i < PROCESSES; i++) {
    const out = execFileSync(process.execPath, [child, file], { encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'] });
    results.push(JSON.parse(out.trim().split('\n').pop()!));
  }
  const functionsBuilt = Math.max(...results.map((r) => r.functionsAtLoad + r.functionsAtActivate));
  return {
    bundle: label,
    bytes: fs.statSync(file).size,
    loadMs: median(results.map((r) => r.loadMs)),
    activateMs: median(results.map((r) => r.activateMs)),
    totalMs: median(results.map((r) => r.totalMs)),
    compiledAtActivation: functionsBuilt > 0 || results.some((r) => r.ajvLoaded),
    functionsBuilt,
    subscriptions: results[0].subscriptions,
  };
}

export async function benchActivation(): Promise<ActivationRow[]> {
  const rows = [measure('dist/extension.js (npm run build)', path.join(ROOT, 'dist', 'extension.js'))];
  // The production bundle (what vscode:prepublish builds for the .vsix), built to a temporary folder.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-targets-bench-'));
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs'), '--production', '--outdir', dir], { cwd: ROOT, stdio: 'ignore' });
    const outfile = path.join(dir, 'extension.js');
    rows.push(measure('production bundle (--production, minified)', outfile));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
