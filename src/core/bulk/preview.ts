// The request body as the preview shows it: the ids and settings of a prepared body (body.ts) with
// every sensitive value masked and every `${env:NAME}` placeholder shown by name. Made on the side
// that shows it, from the body the plan carries; it needs no YAML, so the extension bundle holds
// it without the parser.

import { ENV_PLACEHOLDER } from '../envPlaceholders';
import { encodeJsonPointer } from '../paths';
import type { EnvUse, PreparedBody } from './body';
import { cloneReplacing, valueAt } from './valueTree';

/** What a sensitive value is replaced with in the preview. */
export const MASK = '••••••';

/**
 * The body as the preview shows it: sensitive values replaced by {@link MASK}, each
 * `${env:NAME}` shown as `<from ${env:NAME}>` inside its written value, and each unset one as
 * `<not set: ${env:NAME}>`. Contains no secret.
 */
export function maskBody(prepared: PreparedBody, ids: readonly string[] = prepared.ids): Record<string, unknown> {
  const replacements = new Map<string, unknown>();
  const shown = (name: string, use: EnvUse): string => (use.missing.includes(name) ? `<not set: \${env:${name}}>` : `<from \${env:${name}}>`);
  for (const use of prepared.envUses) {
    const template = String(valueAt(prepared.settings, use.path));
    replacements.set(
      encodeJsonPointer(use.path),
      template.replace(ENV_PLACEHOLDER, (_m, name: string) => shown(name, use)),
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
