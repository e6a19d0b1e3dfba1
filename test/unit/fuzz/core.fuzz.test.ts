// Fuzzing the core with mutated target-settings files (mutations.ts): every input goes through
// what the language server does with a file (the parse, incremental from the unmutated file as
// after a paste, validation with an entitlements record, completion and hover at a few places, the
// quick fixes of its diagnostics applied, the bulk update plan, the outline and folding), and none
// of it may throw, hand back a range outside the document, or say nothing.
//
// The inputs run in a child process: one that hangs (an endless loop cannot be interrupted from
// its own thread) is killed by the watchdog here, which names the input. The child also fails an
// input that is still running after INPUT_DEADLINE_MS, at its next step. Neither is a measure of
// speed: the deadline is far beyond what any input needs.
//
// FUZZ_RUNS, FUZZ_SEED and FUZZ_PATH change the run (see settings.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import fc from 'fast-check';
import { checkCore } from './coreChecks';
import { fuzzInputArb, MUTATION_KINDS, render, seedText, type FuzzInput } from './mutations';
import { fuzzSettings, INPUT_DEADLINE_MS, writeReport } from './settings';

/** Set in the child process that runs the inputs. */
const CHILD_FLAG = 'SCAN_TARGETS_CORE_FUZZ_CHILD';
/** The watchdog kills the child when it has said nothing for this long (it reports every input). */
const HANG_MS = 2 * INPUT_DEADLINE_MS;

type ChildMessage =
  | { type: 'start'; input: FuzzInput; picks: number[] }
  | { type: 'done' }
  | { type: 'end'; failed: boolean; report: string; runs: number; kinds: Record<string, number>; elapsedMs: number };

// ---------------------------------------------------------------------------------------------
// The child: runs the inputs and reports each one

/** Sends a message to the test; `then` once it is out. */
function send(message: ChildMessage, then: () => void = () => {}): void {
  process.send!(message, () => then());
}

function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? String(error)) : String(error);
}

function runChild(): void {
  const settings = fuzzSettings();
  const kinds: Record<string, number> = Object.fromEntries(MUTATION_KINDS.map((k) => [k, 0]));
  const startedAt = Date.now();
  const property = fc.property(fuzzInputArb(), fc.array(fc.nat(), { minLength: 3, maxLength: 4 }), (input, picks) => {
    send({ type: 'start', input, picks });
    for (const m of input.mutations) kinds[m.kind] = (kinds[m.kind] ?? 0) + 1;
    const started = Date.now();
    const deadline = (step: string): void => {
      if (Date.now() - started > INPUT_DEADLINE_MS) throw new Error(`the input was still running after ${INPUT_DEADLINE_MS / 1000} s (at: ${step})`);
    };
    const text = render(input);
    deadline('render');
    checkCore(text, seedText(input.seed), picks, deadline);
    send({ type: 'done' });
  });
  const details = fc.check(property, { seed: settings.seed, numRuns: settings.coreRuns, path: settings.path, endOnFailure: settings.soak });
  send(
    {
      type: 'end',
      failed: details.failed,
      report: details.failed ? `${fc.defaultReportMessage(details) ?? 'failed'}\n${errorText(details.errorInstance)}` : '',
      runs: details.numRuns,
      kinds,
      elapsedMs: Date.now() - startedAt,
    },
    () => process.disconnect(),
  );
}

// ---------------------------------------------------------------------------------------------
// The test: starts the child and watches it

interface ChildRun {
  end: Extract<ChildMessage, { type: 'end' }> | undefined;
  hung: { input: FuzzInput; picks: number[] } | undefined | 'before the first input';
  /** The input running when the child ended, if one was. */
  last: { input: FuzzInput; picks: number[] } | undefined;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

function runInChild(): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, [CHILD_FLAG]: '1' };
    // The child is not a test file of node's runner.
    delete env.NODE_TEST_CONTEXT;
    const child = fork(__filename, [], { env, execArgv: [], stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    const run: ChildRun = { end: undefined, hung: undefined, last: undefined, exitCode: null, signal: null, output: '' };
    let current: { input: FuzzInput; picks: number[] } | undefined;
    const keep = (chunk: string): void => {
      if (run.output.length < 100_000) run.output += chunk;
    };
    child.stdout!.setEncoding('utf8').on('data', keep);
    child.stderr!.setEncoding('utf8').on('data', keep);
    let watchdog: NodeJS.Timeout | undefined;
    const arm = (): void => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        run.hung = current ?? 'before the first input';
        child.kill('SIGKILL');
      }, HANG_MS);
    };
    arm();
    child.on('message', (message: ChildMessage) => {
      arm();
      if (message.type === 'start') current = { input: message.input, picks: message.picks };
      else if (message.type === 'done') current = undefined;
      else run.end = message;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(watchdog);
      run.exitCode = code;
      run.signal = signal;
      run.last = current;
      resolve(run);
    });
  });
}

if (process.env[CHILD_FLAG] === '1') {
  runChild();
} else {
  test('fuzz: mutated target-settings files through the core', async () => {
    const settings = fuzzSettings();
    const replay = `FUZZ_SEED=${settings.seed}${settings.path === undefined ? '' : ` FUZZ_PATH=${settings.path}`}`;
    const run = await runInChild();
    if (run.hung !== undefined) {
      assert.fail(
        `the core did not finish an input within ${HANG_MS / 1000} s (${replay}); the input and the places looked at:\n${JSON.stringify(run.hung)}\n` +
          `render the input with render() from test/unit/fuzz/mutations.ts and pass both to checkCore() (coreChecks.ts).\n${run.output}`,
      );
    }
    assert.ok(
      run.end !== undefined,
      `the fuzz process ended without a result (exit ${run.exitCode}, signal ${run.signal}; ${replay}), running ${JSON.stringify(run.last)}:\n${run.output}`,
    );
    const kinds = Object.entries(run.end.kinds)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    console.log(`# fuzz: ${run.end.runs} inputs through the core, seed ${settings.seed}, ${(run.end.elapsedMs / 1000).toFixed(1)} s; mutations: ${kinds}`);
    writeReport({ inputs: run.end.runs, seed: settings.seed });
    assert.ok(
      !run.end.failed,
      `${run.end.report}\n(${replay}; render the counterexample's first value with render() from test/unit/fuzz/mutations.ts)\n${run.output}`,
    );
    assert.equal(run.exitCode, 0, run.output);
  });
}
