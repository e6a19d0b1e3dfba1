// How much the fuzz suites run and with which seed, and where they write their figures.
//
// `npm test` runs a bounded number of inputs with a fixed seed, so a failure reproduces; the
// environment changes both: FUZZ_RUNS (the core suite's number of inputs; the CLI suite runs a
// tenth of it), FUZZ_SEED (another search), FUZZ_PATH (fast-check's path of a counterexample it
// printed, to replay just that input). `npm run test:soak` sets a large FUZZ_RUNS.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './mutations';

/** Inputs of the core suite in `npm test`. */
const DEFAULT_CORE_RUNS = 150;
/** Inputs of the CLI suite in `npm test` (each is a process). */
const DEFAULT_CLI_RUNS = 15;
const DEFAULT_SEED = 20250611;

function envInteger(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`${name} must be an integer, not ${JSON.stringify(raw)}`);
  return n;
}

export interface FuzzSettings {
  readonly seed: number;
  readonly coreRuns: number;
  readonly cliRuns: number;
  /** fast-check's replay path, when FUZZ_PATH is set. */
  readonly path: string | undefined;
  readonly soak: boolean;
}

export function fuzzSettings(): FuzzSettings {
  const runs = envInteger('FUZZ_RUNS');
  const seed = envInteger('FUZZ_SEED') ?? DEFAULT_SEED;
  const replay = process.env.FUZZ_PATH?.trim();
  return {
    seed,
    coreRuns: runs ?? DEFAULT_CORE_RUNS,
    cliRuns: runs === undefined ? DEFAULT_CLI_RUNS : Math.max(DEFAULT_CLI_RUNS, Math.ceil(runs / 10)),
    path: replay === '' ? undefined : replay,
    soak: runs !== undefined,
  };
}

/** No single input may take longer than this (a hang, not a slow machine). */
export const INPUT_DEADLINE_MS = 20_000;

/** out/reliability/fuzz.json: `{"inputs": N, "cliInputs": M, "seed": S}`, for docs/reliability.md. */
const DIR = path.join(ROOT, 'out', 'reliability');

interface FuzzReport {
  inputs: number;
  cliInputs: number;
  seed: number;
}

function readJson(file: string): Partial<FuzzReport> | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<FuzzReport>;
  } catch {
    return undefined;
  }
}

/**
 * Writes this suite's figures (`inputs` for the core suite, `cliInputs` for the CLI suite), then
 * fuzz.json from both suites' figures of the same seed. Each suite keeps its own file beside it, so
 * the two suites running at once cannot overwrite each other's figure.
 */
export function writeReport(figures: ({ inputs: number } | { cliInputs: number }) & { seed: number }): void {
  mkdirSync(DIR, { recursive: true });
  const own = 'inputs' in figures ? 'fuzz-core.json' : 'fuzz-cli.json';
  writeFileSync(path.join(DIR, own), `${JSON.stringify(figures)}\n`);
  const report: FuzzReport = { inputs: 0, cliInputs: 0, seed: figures.seed };
  for (const part of ['fuzz-core.json', 'fuzz-cli.json']) {
    const figuresOf = readJson(path.join(DIR, part));
    if (figuresOf?.seed !== figures.seed) continue;
    if (figuresOf.inputs !== undefined) report.inputs = figuresOf.inputs;
    if (figuresOf.cliInputs !== undefined) report.cliInputs = figuresOf.cliInputs;
  }
  writeFileSync(path.join(DIR, 'fuzz.json'), `${JSON.stringify(report)}\n`);
}
