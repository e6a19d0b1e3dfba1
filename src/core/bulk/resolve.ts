// The second step of building a request body, on the side that sends it (the extension host's
// bulk runner, the command line), right before the requests of a run: every `${env:NAME}`
// placeholder replaced by its value, and every secret value of the body listed for the redactor.
// The values live in what this returns, for that run only. Free of the YAML parser: the extension
// host loads it without the language.

import { ENV_PLACEHOLDER, type EnvLookup } from '../envPlaceholders';
import { encodeJsonPointer } from '../paths';
import type { PreparedBody } from './body';
import { bodyRefusal, envProblem, obfuscatedProblems, type BodyProblem } from './bodyProblems';
import { cloneReplacing, valueAt } from './valueTree';

/** The body of one run with its placeholders resolved: held by the side that sends, for that run only. */
export interface ResolvedBody {
  /** The ids to send: each once, in order. */
  readonly ids: readonly string[];
  /** The settings with every placeholder replaced. Holds secrets: send it, never log or show it. */
  readonly settings: Readonly<Record<string, unknown>>;
  /** Every value to keep out of logs and messages: sensitive values and resolved env values, longest first. */
  readonly secretValues: readonly string[];
}

export type ResolveResult =
  { readonly ok: true; readonly body: ResolvedBody } | { readonly ok: false; readonly problems: readonly BodyProblem[]; readonly message: string };

/**
 * The one place a placeholder gets its value: the side that sends, right before it builds the
 * requests of a run. Refuses, naming every variable at once, when one is unset or empty here, and
 * when a resolved value is the service's mask of a secret.
 */
export function resolveBody(prepared: PreparedBody, env: EnvLookup): ResolveResult {
  const problems: BodyProblem[] = [];
  const resolved = new Map<string, unknown>();
  const envValues: string[] = [];
  for (const use of prepared.envUses) {
    const template = valueAt(prepared.settings, use.path);
    if (typeof template !== 'string') continue;
    const value = template.replace(ENV_PLACEHOLDER, (placeholder, name: string) => {
      const v = env(name);
      if (v === undefined || v === '') {
        if (!problems.some((p) => p.variable === name && p.pointer === encodeJsonPointer(use.path)))
          problems.push(envProblem(name, v === '' ? 'empty' : 'unset', use.path));
        return placeholder;
      }
      envValues.push(v);
      return v;
    });
    resolved.set(encodeJsonPointer(use.path), value);
  }
  const settings = cloneReplacing(prepared.settings, [], resolved) as Record<string, unknown>;
  problems.push(...obfuscatedProblems(settings));
  if (problems.length > 0) return { ok: false, problems, message: bodyRefusal(problems) };

  const secretValues = new Set<string>(envValues);
  for (const use of prepared.envUses) {
    const v = valueAt(settings, use.path);
    if (typeof v === 'string') secretValues.add(v);
  }
  for (const path of prepared.sensitivePaths) {
    const v = valueAt(settings, path);
    if (typeof v === 'string') secretValues.add(v);
    else if (typeof v === 'number' || typeof v === 'boolean') secretValues.add(String(v));
  }
  secretValues.delete('');
  return { ok: true, body: { ids: prepared.ids, settings, secretValues: [...secretValues].sort((a, b) => b.length - a.length) } };
}
