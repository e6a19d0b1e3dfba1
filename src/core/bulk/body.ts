// Building the bulk update request body from one YAML document, in two steps, one on each side of
// the trust boundary:
//
// 1. `prepareBody`, here (the language server; the command line before it asks): every setting but
//    `ids` as written, `${env:NAME}` placeholders left in place, with where each placeholder and
//    each sensitive value stands. It only asks whether a variable is set (`EnvCheck`), never for
//    its value, so what it returns holds no resolved value and may cross the language-server
//    protocol, which any client may log.
// 2. `resolveBody` (resolve.ts; the side that sends, right before it sends): the placeholders replaced by
//    their values, and every secret value of the body for the redactor. Kept in memory for that
//    run only.
//
// Also: what must never be sent (`OBFUSCATED_...` masks), where the values that must never be
// shown stand (sensitive and env values, masked in the preview: preview.ts), and the fields a run
// changes (for the confirmation). Every message names the variable and the field, never a value.

import { ENV_PLACEHOLDER, ENV_PLACEHOLDER_START, type EnvCheck } from '../envPlaceholders';
import { formatFieldPath, type PathSegment } from '../paths';
import { nodeAtPath, type ParsedFile } from '../yaml';
import { isRecord } from '../records';
import { envProblem, malformedProblem, obfuscatedProblems, type BodyProblem } from './bodyProblems';
import { walk } from './valueTree';

/** Keys whose value is a secret whatever the document says. */
const ALWAYS_SENSITIVE_KEYS: ReadonlySet<string> = new Set(['otp_secret', 'otp_login_sequence_totp_value']);

/** One string value of the body that holds `${env:...}` placeholders. */
export interface EnvUse {
  /** Path of the value in the body (without `ids`). */
  readonly path: readonly PathSegment[];
  /** The variables used, in order, each once. */
  readonly names: readonly string[];
  /** The variables of {@link names} that are unset or empty (a preview's body only). */
  readonly missing: readonly string[];
}

/** The request body of one run as the file writes it: safe to pass around, not yet to send. */
export interface PreparedBody {
  /** The ids to send: each once, in order. */
  readonly ids: readonly string[];
  /**
   * Every setting of the document but `ids`, as written: `${env:NAME}` placeholders unresolved
   * (see `resolveBody`). A sensitive value written in clear is here as written, as in the
   * file itself; show {@link maskBody}, never this.
   */
  readonly settings: Readonly<Record<string, unknown>>;
  /** Paths (in `settings`) of the sensitive values: `X` beside `X_is_sensitive: true`, `otp_secret`, `basic_auth.password`. */
  readonly sensitivePaths: readonly (readonly PathSegment[])[];
  /** The string values that hold `${env:...}` placeholders. */
  readonly envUses: readonly EnvUse[];
  /**
   * Variables that are unset or empty, each once: only in a body prepared for a preview
   * (`allowMissingEnv`), which shows where they stand. Such a body cannot be resolved.
   */
  readonly missingEnv: readonly string[];
}

export interface PrepareOptions {
  /** For a preview: unset or empty variables are marked where they stand instead of refused. */
  readonly allowMissingEnv?: boolean;
}

export type PrepareResult = { readonly ok: true; readonly body: PreparedBody } | { readonly ok: false; readonly problems: readonly BodyProblem[] };

/**
 * Prepares the body of a run from a document's plain-JS value (`ParsedDocument.value`): its
 * settings (everything but `ids`) as written and `ids` (repeats dropped). Refuses, listing every
 * problem at once: a variable `env` says is unset or empty (unless `allowMissingEnv`), a malformed
 * placeholder, an `OBFUSCATED_...` value, a document that is not a mapping.
 */
export function prepareBody(documentValue: unknown, ids: readonly string[], env: EnvCheck, options: PrepareOptions = {}): PrepareResult {
  if (!isRecord(documentValue)) {
    return {
      ok: false,
      problems: [
        {
          code: 'not-a-mapping',
          message: 'The document is not a mapping of settings (`ids:`, `site:`, ...), so there is no request body to send.',
          path: [],
          pointer: '',
        },
      ],
    };
  }
  const problems: BodyProblem[] = [];
  const envUses: EnvUse[] = [];
  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(documentValue)) {
    if (key !== 'ids') settings[key] = value;
  }
  walk(settings, [], (value, path) => {
    if (typeof value !== 'string' || !ENV_PLACEHOLDER_START.test(value)) return;
    const names = [...new Set(Array.from(value.matchAll(ENV_PLACEHOLDER), (m) => m[1] ?? ''))];
    const missing: string[] = [];
    for (const name of names) {
      const state = env(name);
      if (state === 'set') continue;
      missing.push(name);
      if (options.allowMissingEnv !== true) problems.push(envProblem(name, state, path));
    }
    // Whatever is left that starts like a placeholder is malformed (`${env:}`, `${env:A-B}`, no `}`).
    if (ENV_PLACEHOLDER_START.test(value.replace(ENV_PLACEHOLDER, ''))) problems.push(malformedProblem(path));
    envUses.push({ path, names, missing });
  });
  problems.push(...obfuscatedProblems(settings));
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    body: {
      ids: [...new Set(ids)],
      settings,
      sensitivePaths: findSensitivePaths(settings),
      envUses,
      missingEnv: [...new Set(envUses.flatMap((use) => use.missing))],
    },
  };
}

/**
 * {@link prepareBody} for document `documentIndex` of a parsed file; problems also carry the range
 * of their value (the nearest existing node), for a diagnostic or a `file:line:col` message.
 */
export function prepareDocumentBody(
  file: ParsedFile,
  documentIndex: number,
  ids: readonly string[],
  env: EnvCheck,
  options: PrepareOptions = {},
): PrepareResult {
  const doc = file.documents.get(documentIndex);
  if (doc === undefined) {
    return {
      ok: false,
      problems: [{ code: 'not-a-mapping', message: `There is no document ${documentIndex} in the file.`, path: [], pointer: '' }],
    };
  }
  const result = prepareBody(doc.value, ids, env, options);
  if (result.ok) return result;
  return {
    ok: false,
    problems: result.problems.map((p) => {
      const found = nodeAtPath(doc.document, p.path);
      const contents = doc.document.contents as { range?: readonly [number, number, number] } | null;
      const range = found?.valueRange ?? found?.keyRange ?? (contents?.range && { start: contents.range[0], end: contents.range[1] });
      return range === undefined ? p : { ...p, range };
    }),
  };
}

/**
 * Paths of the sensitive values of a body: every `X` whose sibling `X_is_sensitive` is true
 * (`value`, `password`, `api_login_payload`, `api_login_payload_secondary`, ...), every
 * `otp_secret` and `otp_login_sequence_totp_value`, and `basic_auth.password` even without its flag.
 */
export function findSensitivePaths(value: unknown): PathSegment[][] {
  const out: PathSegment[][] = [];
  walk(value, [], (v, path) => {
    if (!isRecord(v)) return;
    const parentKey = path[path.length - 1];
    for (const [key, child] of Object.entries(v)) {
      if (child === undefined || child === null) continue;
      const flagged = v[`${key}_is_sensitive`] === true;
      const always = ALWAYS_SENSITIVE_KEYS.has(key) || (key === 'password' && parentKey === 'basic_auth');
      if (flagged || always) out.push([...path, key]);
    }
  });
  return out;
}

/**
 * The fields a run changes, for the confirmation: `site.<field>` for each field of `site` (the
 * service merges `site` field by field) and the name of every other body-level field (replaced as
 * a whole), in document order. `ids` is not a field.
 */
export function changedFields(settings: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(settings)) {
    if (key === 'ids') continue;
    if (key === 'site' && isRecord(value)) {
      for (const field of Object.keys(value)) out.push(formatFieldPath(['site', field]));
    } else {
      out.push(formatFieldPath([key]));
    }
  }
  return out;
}
