// Activation: bundle size of dist/extension.js (as `npm run build` makes it) and of the
// production bundle the .vsix ships (`--production`: minified), and the time to load it as VS Code
// does (dist/load/extension.js, with the compiled code kept from the last start) and run activate()
// in a fresh process with a stand-in for `vscode` (median of several processes, after a first one
// that finds no compiled code kept),
// whether any schema is compiled at activation, and how long after activate() the language
// client has forked dist/load/server.js and the server has answered `initialize`.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ROOT, at, log, median } from './common';

export interface ActivationRow {
  bundle: string;
  bytes: number;
  /** The first start, which finds no compiled code kept (and keeps it for the next): load + activate. */
  firstTotalMs: number;
  loadMs: number;
  activateMs: number;
  totalMs: number;
  compiledAtActivation: boolean;
  functionsBuilt: number;
  subscriptions: number;
  /** activate() -> the language client forked the server; null if it never did. */
  serverForkMs: number | null;
  /** activate() -> the server answered `initialize` over IPC; null if it never did. */
  serverReadyMs: number | null;
  /** How many of the processes' activate() returned (the times are theirs), of how many. */
  activated: number;
  processes: number;
  /** What went wrong, if activate() threw or the client logged a warning or an error. */
  problems: string[];
  /** The largest parts of the bundle (npm packages, or folders of the repository), by bytes in it. */
  parts: Array<{ name: string; bytes: number }>;
  /** The same build's other bundles the extension runs, beside it: the server, and the browser build's two. */
  sizes: { server: number; webExtension: number; webServer: number };
}

interface ChildResult {
  loadMs: number;
  activateMs: number;
  totalMs: number;
  activateError?: string;
  serverForkMs: number | null;
  serverReadyMs: number | null;
  functionsAtLoad: number;
  functionsAtActivate: number;
  ajvLoaded: boolean;
  subscriptions: number;
  problems: string[];
}

const PROCESSES = 7;

/** What makes up a bundle, from esbuild's metafile: bytes per npm package or repository folder. */
function partsOf(metafile: string, outfile: string): ActivationRow['parts'] {
  const meta = JSON.parse(fs.readFileSync(metafile, 'utf8')) as { outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> };
  const output = Object.entries(meta.outputs).find(([name]) => path.resolve(ROOT, name) === path.resolve(outfile))?.[1];
  if (output === undefined) return [];
  const bytes = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const parts = input.split('/');
    const modules = parts.lastIndexOf('node_modules');
    const name =
      modules === -1
        ? parts.slice(0, Math.min(2, parts.length - 1)).join('/') || input
        : parts.slice(modules + 1, modules + (parts[modules + 1]?.startsWith('@') ? 3 : 2)).join('/');
    bytes.set(name, (bytes.get(name) ?? 0) + bytesInOutput);
  }
  return [...bytes].map(([name, b]) => ({ name, bytes: b })).sort((a, b) => b.bytes - a.bytes);
}

/** `main` loaded in fresh processes; `bundle` is the extension's bundle it loads, whose size is given. */
function measure(label: string, main: string, bundle: string, parts: ActivationRow['parts']): Omit<ActivationRow, 'sizes'> {
  log(`activation: ${label}`);
  const child = path.join(__dirname, 'activationChild.js');
  const results: ChildResult[] = [];
  // A cache folder of its own: the first process finds no compiled code kept, the others what it kept.
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-targets-bench-cache-'));
  const env = { ...process.env, XDG_CACHE_HOME: cache, NODE_DISABLE_COMPILE_CACHE: '' };
  try {
    for (let i = 0; i < PROCESSES + 1; i++) {
      const out = execFileSync(process.execPath, [child, main], { encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'pipe'], env });
      results.push(JSON.parse(out.trim().split('\n').pop()!) as ChildResult);
    }
  } finally {
    fs.rmSync(cache, { recursive: true, force: true });
  }
  const first = results.shift()!;
  const functionsBuilt = Math.max(...results.map((r) => r.functionsAtLoad + r.functionsAtActivate));
  // Times are those of the processes whose activate() returned: a throw is reported, never timed.
  const activated = results.filter((r) => r.activateError === undefined);
  const timed = (pick: (r: ChildResult) => number): number => (activated.length === 0 ? NaN : median(activated.map(pick)));
  return {
    bundle: label,
    bytes: fs.statSync(bundle).size,
    firstTotalMs: first.activateError === undefined ? first.totalMs : NaN,
    loadMs: timed((r) => r.loadMs),
    activateMs: timed((r) => r.activateMs),
    totalMs: timed((r) => r.totalMs),
    activated: activated.length,
    processes: results.length,
    compiledAtActivation: functionsBuilt > 0 || results.some((r) => r.ajvLoaded),
    functionsBuilt,
    subscriptions: at(results, 0).subscriptions,
    serverForkMs: medianOrNull(results.map((r) => r.serverForkMs)),
    serverReadyMs: medianOrNull(results.map((r) => r.serverReadyMs)),
    problems: [...new Set(results.flatMap((r) => [...(r.activateError ? [`activate() threw: ${r.activateError}`] : []), ...r.problems]))],
    parts,
  };
}

/** The median, or null when any process did not get there. */
function medianOrNull(xs: ReadonlyArray<number | null>): number | null {
  return xs.some((x) => x === null) ? null : median(xs as number[]);
}

export async function benchActivation(): Promise<ActivationRow[]> {
  // Both bundles are built here, each into a temporary folder's dist/ beside its dist/server.js (as
  // in the .vsix), with esbuild's metafile: dist/ itself may be rebuilt by something else meanwhile.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-targets-bench-'));
  try {
    const rows: ActivationRow[] = [];
    for (const [label, variant, production] of [
      ['`npm run build` bundle (dist/extension.js)', 'dev', false],
      ['production bundle (--production, minified, as in the .vsix)', 'production', true],
    ] as const) {
      const outdir = path.join(dir, variant, 'dist');
      const args = [path.join(ROOT, 'scripts', 'build.mjs'), '--outdir', outdir, '--metafile', ...(production ? ['--production'] : [])];
      execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
      const outfile = path.join(outdir, 'extension.js');
      const size = (file: string): number => fs.statSync(path.join(outdir, file)).size;
      rows.push({
        // Loaded as VS Code loads it (package.json `main`: the bundle with the code kept from the last start).
        ...measure(label, path.join(outdir, 'load', 'extension.js'), outfile, partsOf(`${outfile}.meta.json`, outfile)),
        sizes: { server: size('server.js'), webExtension: size('web/extension.js'), webServer: size('web/server.js') },
      });
    }
    return rows;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
