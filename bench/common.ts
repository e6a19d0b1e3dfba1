// Shared helpers of the benchmarks: generated files, timing, medians, formatting.
import * as path from 'path';
import * as v8 from 'v8';
import * as vm from 'vm';
import { sandboxTargetIds } from '../src/sandbox/prng';

/** The repository root (bench/*.ts compiles to out/bench/*.js). */
export const ROOT = path.resolve(__dirname, '../..');

export const SIZES = [1_000, 10_000, 100_000] as const;

/** The first line of every generated file: points yaml-language-server (and our server) at the schema. */
export const MODELINE = '# yaml-language-server: $schema=../schemas/target-settings.schema.json';

/** The settings that follow the `ids` list in every generated file (the shapes in shapes.ts reuse them). */
export const SETTINGS = `site:
  name: Shop (staging)
  desc: Storefront of the staging environment
  url: https://staging.shop.example
  has_basic_auth: true
  basic_auth:
    username: scanner
    password: plain-bench-password
    password_is_sensitive: true
  headers:
    - name: X-Scanner
      value: scan-targets
  whitelist:
    - /admin/
  logout_detection_enabled: true
  check_session_url: https://staging.shop.example/account
report_type: owasp
report_fileformat: pdf
labels:
  - name: staging
    color: "#1f77b4"
scan_profile: full
fail_fast: true
blackout_period:
  begin: "22:00"
  cease: "06:00"
  weekdays: [1, 2, 3, 4, 5]
  enabled: true
  timezone: Europe/Lisbon
`;

/** A target-settings file with `n` sandbox ids (the sandbox's seeded ids, so a bulk update finds them all). */
export function targetSettingsFile(n: number): { text: string; ids: string[] } {
  const ids = sandboxTargetIds(n);
  return { text: `${MODELINE}\nids:\n${ids.map((id) => `  - ${id}\n`).join('')}${SETTINGS}`, ids };
}

export function now(): number {
  return performance.now();
}

/** `xs.at(i)` (a negative index counts from the end) where the bench knows the element is there: throws if it is not. */
export function at<T>(xs: readonly T[], i: number): T {
  const x = xs.at(i);
  if (x === undefined) throw new Error(`bench: no element ${i} among ${xs.length}`);
  return x;
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  const value = (i: number): number => s[i] ?? NaN; // (no samples: NaN)
  return s.length % 2 ? value(m) : (value(m - 1) + value(m)) / 2;
}

// A full garbage collection before each series, so one series does not pay for the garbage of the
// one before (e.g. ours measured right after yaml-language-server's runs). Set up on first use, so
// importing the file generator (as a unit test does) changes nothing in the importing process.
let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (gc === undefined) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
}

/** Runs `fn` `warmup` times untimed, then `runs` times; returns the median in ms. */
export async function timeMedian(fn: () => unknown, runs: number, warmup = 1): Promise<number> {
  collectGarbage();
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = now();
    await fn();
    times.push(now() - t);
  }
  return median(times);
}

/** Runs per size: fewer for the 100,000-id file so the whole bench stays well under 10 minutes on 2 cores. */
export function runsFor(n: number): { runs: number; warmup: number } {
  return n >= 100_000 ? { runs: 5, warmup: 1 } : n >= 10_000 ? { runs: 11, warmup: 3 } : { runs: 15, warmup: 3 };
}

export function ms(x: number): string {
  return x >= 100 ? `${x.toFixed(0)} ms` : x >= 10 ? `${x.toFixed(1)} ms` : `${x.toFixed(2)} ms`;
}

/** A size for the tables, in KB. */
export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KB`;
}

export function ratio(x: number): string {
  return `${x.toFixed(x < 0.1 ? 3 : 2)}x`;
}

export function verdict(ok: boolean): string {
  return ok ? '**MET**' : '**MISSED**';
}

export function label(n: number): string {
  return n.toLocaleString('en-US');
}

const loaded = Date.now();

/** A progress line on stderr, with the seconds since the bench started. */
export function log(message: string): void {
  process.stderr.write(`[bench ${((Date.now() - loaded) / 1000).toFixed(0).padStart(3)} s] ${message}\n`);
}
