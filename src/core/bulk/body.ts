// Building the bulk update request body from one YAML document: every setting but `ids`, with
// `${env:NAME}` placeholders resolved at this moment, plus the ids chosen. Also: what must never
// be sent (`OBFUSCATED_...` masks), what must never be shown (sensitive and env-resolved values,
// masked in the preview), and the fields a run changes (for the confirmation).
//
// Resolved values live only in the returned `PreparedBody.settings` (the body that is sent): they
// are never written back into the YAML, and every message here names the variable and the field,
// never a value. Pass `PreparedBody.secretValues` to the API client (`sensitiveValues`) so its
// log lines and error messages cannot quote them either.

import { ENV_PLACEHOLDER, ENV_PLACEHOLDER_START, type EnvLookup } from '../envPlaceholders';
import { encodeJsonPointer, formatFieldPath, type PathSegment, type YamlPath } from '../paths';
import { nodeAtPath, type OffsetRange, type ParsedFile } from '../yaml';
import { isRecord } from '../records';

/** Reads an environment variable (`process.env[name]` in the command line). */
export type { EnvLookup } from '../envPlaceholders';

/** What a sensitive value is replaced with in the preview. */
export const MASK = '••••••';

/** Keys whose value is a secret whatever the document says. */
const ALWAYS_SENSITIVE_KEYS: ReadonlySet<string> = new Set(['otp_secret', 'otp_login_sequence_totp_value']);

/** One string value of the body that holds resolved `${env:...}` values. */
export interface EnvUse {
  /** Path of the value in the body (without `ids`). */
  readonly path: readonly PathSegment[];
  /** The variables used, in order, each once. */
  readonly names: readonly string[];
  /** The value as written in the YAML (with the placeholders): safe to show. */
  readonly template: string;
  /** The variables of {@link names} that are unset or empty (a preview's body only). */
  readonly missing: readonly string[];
}

/** The request body of one run, ready to send, with what must stay hidden. */
export interface PreparedBody {
  /** The ids to send: each once, in order. */
  readonly ids: readonly string[];
  /**
   * Every setting of the document but `ids`, with `${env:...}` resolved. Holds secrets: send it,
   * never log or show it (show {@link maskBody} instead).
   */
  readonly settings: Readonly<Record<string, unknown>>;
  /** Paths (in `settings`) of the sensitive values: `X` beside `X_is_sensitive: true`, `otp_secret`, `basic_auth.password`. */
  readonly sensitivePaths: readonly (readonly PathSegment[])[];
  /** The string values that hold resolved `${env:...}` values. */
  readonly envUses: readonly EnvUse[];
  /** Every value to keep out of logs and messages: sensitive values and resolved env values. */
  readonly secretValues: readonly string[];
  /**
   * Variables that are unset or empty, each once: only in a body prepared for a preview
   * (`allowMissingEnv`), which shows where they stand. Such a body must not be sent.
   */
  readonly missingEnv: readonly string[];
}

export type BodyProblemCode =
  /** A `${env:NAME}` variable is not set. */
  | 'missing-env'
  /** A `${env:NAME}` variable is set but empty (CI systems give unset secrets as empty strings). */
  | 'empty-env'
  /** `${env:` not followed by a variable name and `}`. */
  | 'malformed-env'
  /** A value of the form `OBFUSCATED_...`: the service's mask of a secret. */
  | 'obfuscated'
  /** The document is not a mapping of settings. */
  | 'not-a-mapping';

/** Why a body cannot be sent. `message` names the field and the variable, never a value. */
export interface BodyProblem {
  readonly code: BodyProblemCode;
  readonly message: string;
  /** Path of the value in the document. */
  readonly path: readonly PathSegment[];
  /** The same as a JSON pointer (as in CoreDiagnostic.path). */
  readonly pointer: string;
  /** The variable, for the env problems. */
  readonly variable?: string;
  /** Range of the value in the file, when built by {@link prepareDocumentBody}. */
  readonly range?: OffsetRange;
}

export interface PrepareOptions {
  /** For a preview: unset or empty variables are marked where they stand instead of refused. */
  readonly allowMissingEnv?: boolean;
}

export type PrepareResult = { readonly ok: true; readonly body: PreparedBody } | { readonly ok: false; readonly problems: readonly BodyProblem[] };

/**
 * Builds the body of a run from a document's plain-JS value (`ParsedDocument.value`): its settings
 * (everything but `ids`) with `${env:NAME}` resolved through `env`, and `ids` (repeats dropped).
 * Refuses, listing every problem at once: an unset or empty variable, a malformed placeholder, an
 * `OBFUSCATED_...` value (after resolution too), a document that is not a mapping.
 */
export function prepareBody(documentValue: unknown, ids: readonly string[], env: EnvLookup, options: PrepareOptions = {}): PrepareResult {
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
  const envValues: string[] = [];
  const settings: Record<string, unknown> = {};
  const resolve: Resolution = { env, allowMissing: options.allowMissingEnv === true, problems, envUses, envValues };
  for (const [key, value] of Object.entries(documentValue)) {
    if (key === 'ids') continue;
    settings[key] = resolveTree(value, [key], resolve);
  }
  for (const path of findObfuscated(settings)) {
    problems.push({
      code: 'obfuscated',
      message:
        `\`${formatFieldPath(path)}\` holds a masked secret (OBFUSCATED_…) as the service shows it. ` +
        'Sending it back would replace the real secret with the mask. Put the real value there (for example `${env:NAME}`), or remove the field.',
      path,
      pointer: encodeJsonPointer(path),
    });
  }
  if (problems.length > 0) {
    return { ok: false, problems };
  }
  const sensitivePaths = findSensitivePaths(settings);
  const secretValues = new Set<string>(envValues);
  for (const use of envUses) {
    if (use.missing.length > 0) continue; // a preview's value: nothing of it is a secret
    const v = valueAt(settings, use.path);
    if (typeof v === 'string') secretValues.add(v);
  }
  for (const path of sensitivePaths) {
    const v = valueAt(settings, path);
    if (typeof v === 'string') secretValues.add(v);
    else if (typeof v === 'number' || typeof v === 'boolean') secretValues.add(String(v));
  }
  secretValues.delete('');
  return {
    ok: true,
    body: {
      ids: unique(ids),
      settings,
      sensitivePaths,
      envUses,
      secretValues: [...secretValues].sort((a, b) => b.length - a.length),
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
  env: EnvLookup,
  options: PrepareOptions = {},
): PrepareResult {
  const doc = file.documents[documentIndex];
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

/** The body of one request: `{ids, ...settings}` (ids first, as in the spec's listing). */
export function requestBody(
  prepared: PreparedBody,
  ids: readonly string[] = prepared.ids,
): { ids: string[]; site: Record<string, unknown>; [field: string]: unknown } {
  return { ids: [...ids], ...(prepared.settings as Record<string, unknown>) } as { ids: string[]; site: Record<string, unknown> };
}

/**
 * The body as the preview shows it: sensitive values replaced by {@link MASK}, each resolved
 * `${env:NAME}` shown as `<from ${env:NAME}>` inside its written value, and each unset one as
 * `<not set: ${env:NAME}>`. Contains no secret.
 */
export function maskBody(prepared: PreparedBody, ids: readonly string[] = prepared.ids): Record<string, unknown> {
  const replacements = new Map<string, unknown>();
  const shown = (name: string, use: EnvUse): string => (use.missing.includes(name) ? `<not set: \${env:${name}}>` : `<from \${env:${name}}>`);
  for (const use of prepared.envUses) {
    replacements.set(
      encodeJsonPointer(use.path),
      use.template.replace(ENV_PLACEHOLDER, (_m, name: string) => shown(name, use)),
    );
  }
  // Sensitive wins over env: a sensitive value is not shown even in part; an unset one has nothing to hide.
  for (const path of prepared.sensitivePaths) {
    const use = prepared.envUses.find((u) => encodeJsonPointer(u.path) === encodeJsonPointer(path));
    replacements.set(encodeJsonPointer(path), use !== undefined && use.missing.length > 0 ? use.missing.map((name) => shown(name, use)).join(' ') : MASK);
  }
  const masked = cloneReplacing(prepared.settings, [], replacements) as Record<string, unknown>;
  return { ids: [...ids], ...masked };
}

/** {@link maskBody} as the pretty-printed JSON the preview editor shows. */
export function previewJson(prepared: PreparedBody, ids: readonly string[] = prepared.ids): string {
  return `${JSON.stringify(maskBody(prepared, ids), null, 2)}\n`;
}

/**
 * The service's mask of a secret, `OBFUSCATED_<hash>`, wherever it stands in a value (`Bearer
 * OBFUSCATED_1f…`, a JSON login payload holding one) and in any letter case: sent back, it would
 * replace the real secret with the mask.
 */
const SECRET_MASK = /obfuscated_\w/i;

/** Paths of every string value that holds the service's mask of a secret, anywhere in `value`. */
export function findObfuscated(value: unknown): PathSegment[][] {
  const out: PathSegment[][] = [];
  walk(value, [], (v, path) => {
    if (typeof v === 'string' && SECRET_MASK.test(v)) out.push(path);
  });
  return out;
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
export function changedFields(settings: Readonly<Record<string, unknown>> | PreparedBody): string[] {
  const record = isPreparedBody(settings) ? settings.settings : settings;
  const out: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (key === 'ids') continue;
    if (key === 'site' && isRecord(value)) {
      for (const field of Object.keys(value)) out.push(formatFieldPath(['site', field]));
    } else {
      out.push(formatFieldPath([key]));
    }
  }
  return out;
}

/** The `${env:NAME}` variables a document value uses, each once, with the first path using it. */
export function envVariables(value: unknown): Array<{ name: string; path: PathSegment[] }> {
  const seen = new Map<string, PathSegment[]>();
  walk(value, [], (v, path) => {
    if (typeof v !== 'string') return;
    for (const [, name] of v.matchAll(ENV_PLACEHOLDER)) {
      if (name !== undefined && !seen.has(name)) seen.set(name, path);
    }
  });
  return [...seen].map(([name, path]) => ({ name, path }));
}

// ---------------------------------------------------------------------------------------------

/** What resolving `${env:NAME}` placeholders works with, and what it collects. */
interface Resolution {
  readonly env: EnvLookup;
  /** A preview's body: an unset or empty variable is recorded in its use rather than refused. */
  readonly allowMissing: boolean;
  readonly problems: BodyProblem[];
  readonly envUses: EnvUse[];
  readonly envValues: string[];
}

function resolveTree(value: unknown, path: PathSegment[], r: Resolution): unknown {
  if (typeof value === 'string') {
    return resolveString(value, path, r);
  }
  if (Array.isArray(value)) {
    return value.map((item, i) => resolveTree(item, [...path, i], r));
  }
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = resolveTree(v, [...path, k], r);
    return out;
  }
  return value;
}

function resolveString(text: string, path: PathSegment[], r: Resolution): string {
  if (!ENV_PLACEHOLDER_START.test(text)) return text;
  const field = formatFieldPath(path);
  const names: string[] = [];
  const missing: string[] = [];
  let failed = false;
  const resolved = text.replace(ENV_PLACEHOLDER, (_m, name: string) => {
    if (!names.includes(name)) names.push(name);
    const v = r.env(name);
    if (v === undefined || v === '') {
      if (r.allowMissing) {
        if (!missing.includes(name)) missing.push(name);
        return '';
      }
      failed = true;
      if (!r.problems.some((p) => p.variable === name && p.pointer === encodeJsonPointer(path))) {
        r.problems.push({
          code: v === undefined ? 'missing-env' : 'empty-env',
          message:
            `The environment variable ${name} used in \`${field}\` (\${env:${name}}) is ${v === undefined ? 'not set' : 'empty'}. ` +
            `Set ${name} in the environment ${v === undefined ? '' : 'to the value to send '}and run again; the value is read when the request is built and never written to the file.`,
          path,
          pointer: encodeJsonPointer(path),
          variable: name,
        });
      }
      return '';
    }
    r.envValues.push(v);
    return v;
  });
  // Whatever is left that starts like a placeholder is malformed (`${env:}`, `${env:A-B}`, no `}`).
  const rest = text.replace(ENV_PLACEHOLDER, '');
  if (ENV_PLACEHOLDER_START.test(rest)) {
    failed = true;
    r.problems.push({
      code: 'malformed-env',
      message:
        `\`${field}\` holds \`\${env:\` that is not a complete placeholder. Write \`\${env:NAME}\` with a variable name of letters, digits and underscores ` +
        '(not starting with a digit).',
      path,
      pointer: encodeJsonPointer(path),
    });
  }
  if (failed) return text;
  r.envUses.push({ path, names, template: text, missing });
  return resolved;
}

function cloneReplacing(value: unknown, path: PathSegment[], replacements: ReadonlyMap<string, unknown>): unknown {
  if (replacements.size > 0 && path.length > 0) {
    const pointer = encodeJsonPointer(path);
    if (replacements.has(pointer)) return replacements.get(pointer);
  }
  if (Array.isArray(value)) return value.map((item, i) => cloneReplacing(item, [...path, i], replacements));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = cloneReplacing(v, [...path, k], replacements);
    return out;
  }
  return value;
}

/** Depth-first walk (iterative) calling `visit` on every value with its path. */
function walk(value: unknown, base: PathSegment[], visit: (value: unknown, path: PathSegment[]) => void): void {
  const stack: Array<{ value: unknown; path: PathSegment[] }> = [{ value, path: base }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    visit(v, path);
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: [...path, i] });
    } else if (isRecord(v)) {
      for (const [key, value] of Object.entries(v).reverse()) stack.push({ value, path: [...path, key] });
    }
  }
}

function valueAt(root: unknown, path: YamlPath): unknown {
  let current: unknown = root;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isRecord(current)) current = current[String(segment)];
    else return undefined;
  }
  return current;
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

function isPreparedBody(value: unknown): value is PreparedBody {
  return isRecord(value) && isRecord(value.settings) && Array.isArray(value.sensitivePaths) && Array.isArray(value.envUses);
}
