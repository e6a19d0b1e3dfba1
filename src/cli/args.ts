// Command-line parsing on node's `util.parseArgs` (strict): unknown flags, missing values and
// stray positionals become a UsageError (exit 2) that names the command's --help.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './exit';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * `parseArgs` for one command. Node's own messages are kept (they name the flag), without their
 * long advice about `--`.
 */
export function parseCommandArgs<const T extends Options>(args: readonly string[], options: T, allowPositionals: boolean) {
  try {
    return parseArgs({ args: [...args], options, allowPositionals, strict: true });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      throw new UsageError(cleanParseMessage((err as Error).message));
    }
    throw err;
  }
}

function cleanParseMessage(message: string): string {
  // "Unknown option '--x'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"--x\"."
  return message.replace(/\. To specify a positional argument.*$/s, '.').trim();
}

/** A whole number in [min, max] from a flag's text. */
export function parseIntegerFlag(flag: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (!/^\d+$/.test(text)) {
    throw new UsageError(`${flag} takes a whole number from ${min} to ${max} (got "${value}").`);
  }
  const n = Number(text);
  if (n < min || n > max) {
    throw new UsageError(`${flag} takes a whole number from ${min} to ${max} (got ${text}).`);
  }
  return n;
}

/**
 * `--max-problems N`: how many problems to print per file, a whole number; `0` means all
 * (`Infinity`). Undefined when the flag is absent.
 */
export function parseMaxProblems(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (!/^\d+$/.test(text)) {
    throw new UsageError(`--max-problems takes a whole number of problems to print per file, or 0 to print them all (got "${value}").`);
  }
  const n = Number(text);
  return n === 0 ? Infinity : n;
}

/** One of `allowed` from a flag's text (default when absent). */
export function parseChoice<const C extends string>(flag: string, value: string | undefined, allowed: readonly C[], fallback: C): C {
  if (value === undefined) return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as C;
  throw new UsageError(`${flag} must be one of ${allowed.join(', ')} (got "${value}").`);
}

/** `--ids a,b --ids c` / `--ids "a b"` -> `['a', 'b', 'c']` (commas and whitespace separate). */
export function splitList(values: readonly string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  return values.flatMap((v) => v.split(/[\s,]+/)).filter((v) => v !== '');
}
