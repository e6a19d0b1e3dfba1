// Running `scan-targets` (dist/cli.js, built by `npm run build`) as a child process, the way a CI
// pipeline does: stdin not a terminal unless a test asks for a pseudo-terminal, a clean
// environment, and every stdout/stderr checked for the secrets the tests use.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { CANARY_CLI_SECRET, CANARY_CLI_TOKEN } from '../../fixtures/canary';
import type { ManualClock } from '../../fixtures/manualClock';

/** The repository root (this file runs from out/test/unit/cli/). */
export const ROOT = path.resolve(__dirname, '../../../..');
export const CLI = path.join(ROOT, 'dist', 'cli.js');
export const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'cli');

/** The API token the tests give the CLI (a canary, test/fixtures/canary.ts); it must never appear in any output. */
export const TOKEN = CANARY_CLI_TOKEN;
/** A sensitive value resolved from `${env:...}` (a canary too); it must never appear in any output either. */
export const SECRET_VALUE = CANARY_CLI_SECRET;
/**
 * Every run's output is appended here, for `scripts/scan-canaries.mjs` to search for the canaries
 * after the test run (a leak a test forgot to assert on is still caught).
 */
const CLI_OUTPUT_LOG = path.join(ROOT, 'out', 'reliability', 'cli-output.log');

export function fixture(name: string): string {
  return path.join(FIXTURES, name);
}

export function assertBuilt(): void {
  assert.ok(existsSync(CLI), `${CLI} is missing: run "npm run build" first`);
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Variables added to the clean environment. */
  env?: Record<string, string | undefined>;
  /** Written to stdin, then closed; without it stdin is ignored (not a terminal). */
  input?: string;
  cwd?: string;
  /** Called with the child once it started (to signal it). */
  onSpawn?: (child: ChildProcess) => void;
  timeoutMs?: number;
}

/** Values no run may ever print. */
const SECRETS = [TOKEN, SECRET_VALUE];

/**
 * A clean environment: no SCAN_TARGETS_*, no NO_COLOR, no proxy, whatever the machine running the
 * tests has set.
 */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(SCAN_TARGETS_|NO_COLOR$|FORCE_COLOR$|https?_proxy$|all_proxy$|no_proxy$)/i.test(k)) continue;
    env[k] = v;
  }
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

export function assertNoSecrets(result: { stdout: string; stderr: string }, extra: readonly string[] = []): void {
  for (const secret of [...SECRETS, ...extra]) {
    assert.ok(!result.stdout.includes(secret), `a secret appeared on stdout:\n${result.stdout}`);
    assert.ok(!result.stderr.includes(secret), `a secret appeared on stderr:\n${result.stderr}`);
  }
}

/** A stack frame as Node prints it: `    at fn (file:line:column)`. */
const STACK_FRAME = /\n\s+at .+\(.+:\d+:\d+\)/;
const UNHANDLED_REJECTION = /UnhandledPromiseRejection|unhandledRejection/;

/**
 * Fails when the output shows a stack trace or an unhandled rejection: messages are for people,
 * and a trace is only for SCAN_TARGETS_DEBUG (which a test sets on purpose).
 */
function assertNoStackTrace(stderr: string, env: Record<string, string | undefined> = {}): void {
  if (env.SCAN_TARGETS_DEBUG) return;
  assert.ok(!UNHANDLED_REJECTION.test(stderr), `an unhandled promise rejection was reported:\n${stderr}`);
  assert.ok(!STACK_FRAME.test(stderr), `a stack trace appeared in a message for a person:\n${stderr}`);
}

function logOutput(args: readonly string[], stdout: string, stderr: string): void {
  mkdirSync(path.dirname(CLI_OUTPUT_LOG), { recursive: true });
  // The arguments are the test's input, not the CLI's output: a token given with --token is masked.
  const command = SECRETS.reduce((line, secret) => line.split(secret).join('<secret>'), args.join(' '));
  appendFileSync(CLI_OUTPUT_LOG, `$ scan-targets ${command}\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}\n`);
}

/** Runs `node dist/cli.js ...args`; every result is checked for the secrets and for stack traces. */
export function runCli(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: options.cwd ?? ROOT,
      env: cleanEnv(options.env),
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr!.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    if (options.input !== undefined) child.stdin!.end(options.input);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`scan-targets ${args.join(' ')} did not finish in time.\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 30_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const result = { code, signal, stdout, stderr };
      try {
        logOutput(args, stdout, stderr);
        assertNoSecrets(result);
        assertNoStackTrace(stderr, options.env);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      resolve(result);
    });
    options.onSpawn?.(child);
  });
}

/** Whether `script` (util-linux) can give the CLI a pseudo-terminal here. */
export function hasScript(): boolean {
  const r = spawnSync('script', ['-qec', 'true', '/dev/null'], { stdio: 'ignore' });
  return r.status === 0;
}

/**
 * Runs the CLI under a pseudo-terminal (`script`), so stdin, stdout and stderr are TTYs. `answer`
 * is typed once `prompt` appears in the output. Output is stdout and stderr mixed, as on a screen.
 */
export function runInTerminal(
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; prompt?: string; answer?: string; timeoutMs?: number } = {},
): Promise<{ code: number | null; output: string }> {
  const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
  const command = [process.execPath, CLI, ...args].map(quote).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: ROOT, env: cleanEnv(options.env), stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    let answered = false;
    const onData = (c: string): void => {
      output += c;
      if (!answered && options.prompt !== undefined && output.includes(options.prompt)) {
        answered = true;
        child.stdin.write(options.answer ?? '\n');
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`scan-targets ${args.join(' ')} (in a terminal) did not finish in time.\noutput: ${output}`));
    }, options.timeoutMs ?? 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      try {
        logOutput(args, output, '');
        assertNoSecrets({ stdout: output, stderr: '' });
        assertNoStackTrace(output, options.env);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      resolve({ code, output });
    });
  });
}

/** A temporary directory, removed by the returned function. */
export function tempDir(): { dir: string; file(name: string, content: string | Buffer): string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'scan-targets-cli-'));
  return {
    dir,
    file(name, content) {
      const p = path.join(dir, name);
      writeFileSync(p, content);
      return p;
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// eslint-disable-next-line no-control-regex
export const ANSI_ESCAPE = /\u001b\[/;

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Resolves once `condition()` holds, checking it whenever `child` writes or closes (no polling);
 * fails after `timeoutMs`. Register the listeners that collect the output first.
 */
export function waitForChild(child: ChildProcess, condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = (): void => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('close', check);
    };
    const check = (): void => {
      if (!condition()) return;
      stop();
      resolve();
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.on('close', check);
    check();
  });
}

/**
 * `onSpawn` for a run whose first request waits in the sandbox's latency (`latencyMs` on `clock`):
 * SIGINT once that request is held, and the latency let go once the command has taken the interrupt.
 */
export function interruptWhileHeld(clock: ManualClock, latencyMs: number): (child: ChildProcess) => void {
  return (child) => {
    void clock.timerSet(latencyMs).then(() => child.kill('SIGINT'));
    child.stderr?.on('data', (chunk: Buffer | string) => {
      if (String(chunk).includes('Interrupted (SIGINT)')) clock.advance(latencyMs);
    });
  };
}
