// Fuzzing `scan-targets validate --format json` (dist/cli.js, built by `npm run build`) with
// mutated target-settings files (mutations.ts), written as bytes, some with invalid UTF-8 put in:
// whatever the file holds, the CLI ends with a documented exit code that matches its report, prints
// one JSON report, and no stack trace. Fewer inputs than the core suite: each is a process.
//
// FUZZ_RUNS, FUZZ_SEED and FUZZ_PATH change the run (see settings.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { assertBuilt, runCli, tempDir } from '../cli/helpers';
import { fuzzInputArb, render, type FuzzInput } from './mutations';
import { fuzzSettings, INPUT_DEADLINE_MS, writeReport } from './settings';

/** Exit codes of `validate` (its --help, docs/cli.md): no errors, errors, a file that is not readable text. */
const EXIT_OK = 0;
const EXIT_ERRORS = 1;
const EXIT_USAGE = 2;
/** A stack frame as Node prints it. */
const STACK_FRAME = /^ {4}at /m;

interface JsonReport {
  files: { file: string; error?: string; diagnostics: { severity: string; code: string; message: string }[]; omitted?: number }[];
  summary: { files: number; errors: number; warnings: number };
}

/** Bytes put into the file after it is encoded: most are not valid UTF-8 where they land. */
const rawBytesArb = fc.option(
  fc.record({ at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  {
    nil: undefined,
    freq: 4,
  },
);

function bytesOf(input: FuzzInput, raw: { at: number; bytes: Uint8Array } | undefined): Buffer {
  const encoded = Buffer.from(render(input), 'utf8');
  if (raw === undefined) return encoded;
  const at = Math.floor(raw.at * (encoded.length + 1));
  return Buffer.concat([encoded.subarray(0, at), raw.bytes, encoded.subarray(at)]);
}

test('setup: the CLI is built', () => assertBuilt());

test('fuzz: mutated target-settings files through scan-targets validate --format json', async () => {
  const settings = fuzzSettings();
  const dir = tempDir();
  const started = Date.now();
  let runs = 0;
  try {
    await fc.assert(
      fc.asyncProperty(fuzzInputArb(), rawBytesArb, async (input, raw) => {
        runs++;
        const file = dir.file(`input-${runs}.target-settings.yaml`, bytesOf(input, raw));
        // (runCli itself fails on a stack trace or an unhandled rejection on stderr, and on a leaked secret.)
        const r = await runCli(['validate', file, '--format', 'json'], { timeoutMs: 3 * INPUT_DEADLINE_MS });
        rmSync(file, { force: true });
        const said = `exit ${r.code}, signal ${r.signal}\nstderr: ${r.stderr.slice(0, 2000)}`;
        assert.equal(r.signal, null, `the CLI was killed: ${said}`);
        assert.ok(r.code === EXIT_OK || r.code === EXIT_ERRORS || r.code === EXIT_USAGE, `an undocumented exit code: ${said}`);
        assert.doesNotMatch(r.stderr, STACK_FRAME, `a stack trace: ${said}`);
        assert.doesNotMatch(r.stderr, /internal error/i, `an internal error: ${said}`);
        let report: JsonReport;
        try {
          report = JSON.parse(r.stdout) as JsonReport;
        } catch {
          assert.fail(`stdout is not JSON: ${said}\nstdout: ${r.stdout.slice(0, 2000)}`);
        }
        assert.equal(report.files.length, 1, said);
        const [entry] = report.files;
        assert.equal(entry!.file, file);
        // The exit code says what the report says: unreadable (not UTF-8 text), errors, or none.
        const errors = entry!.diagnostics.filter((d) => d.severity === 'error').length;
        if (entry!.error !== undefined) {
          assert.equal(r.code, EXIT_USAGE, said);
          assert.ok(entry!.error.trim() !== '', 'the reason a file was not read');
        } else {
          assert.equal(r.code, report.summary.errors > 0 ? EXIT_ERRORS : EXIT_OK, said);
          assert.ok(errors <= report.summary.errors, said);
        }
        for (const d of entry!.diagnostics) assert.ok(d.message.trim() !== '' && d.code !== '', `a diagnostic without a message: ${JSON.stringify(d)}`);
      }),
      { seed: settings.seed, numRuns: settings.cliRuns, path: settings.path, endOnFailure: settings.soak },
    );
  } finally {
    dir.remove();
    console.log(`# fuzz: ${runs} inputs through scan-targets validate, seed ${settings.seed}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  writeReport({ cliInputs: runs, seed: settings.seed });
});
