// The invalid-enum fixes, and the not-entitled ones of a value outside the account's list: one
// action per allowed value, the closest to what was written first and preferred. The allowed values
// come from the diagnostic's data or, without it, from the schema.

import { isScalar } from 'yaml';
import type { ParsedFile } from '../yaml/parsedFile';
import { nodeAtPath, nodeRange } from '../yaml/nodes';
import { targetSettingsNavigator } from '../schema/bundledSchema';
import { documentInstance } from '../schema/nodeInstance';
import { editDistance, valueText } from '../wording';
import type { DiagnosticLike, Draft } from './codeActionTypes';
import type { Target } from './fixTarget';
import { scalarLike, textOf } from './fixText';

export function replaceEnum(file: ParsedFile, d: DiagnosticLike, t: Target, allowedWord = 'allowed value'): Draft[] {
  const found = t.path.length > 0 ? nodeAtPath(t.doc.document, t.path) : undefined;
  const valueNode = found?.value;
  const range = (isScalar(valueNode) ? nodeRange(valueNode) : undefined) ?? t.range;
  const current: unknown = isScalar(valueNode) ? valueNode.value : textOf(file, range);
  let allowed = Array.isArray(d.data?.allowed) ? (d.data.allowed as readonly unknown[]) : undefined;
  if (allowed === undefined) {
    const loc = targetSettingsNavigator().at(t.path, documentInstance(t.doc.document.contents));
    allowed = loc?.schemas.find((s) => s.enum !== undefined)?.enum;
  }
  if (allowed === undefined || allowed.length === 0) return [];
  const best = closestValue(current, allowed);
  const source = textOf(file, range);
  const ordered = [best, ...allowed.filter((v) => v !== best)];
  return ordered.map((v, i) => ({
    title: i === 0 ? `Change to \`${display(v)}\` (closest ${allowedWord})` : `Change to \`${display(v)}\``,
    diagnostic: d,
    diagnostics: [d],
    isPreferred: i === 0,
    edits: [{ range, newText: scalarLike(source, v) }],
  }));
}

function display(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The allowed value closest to `current`: same text ignoring case, then a prefix, then the fewest edits. */
export function closestValue(current: unknown, allowed: readonly unknown[]): unknown {
  const text = valueText(current).toLowerCase();
  let best = allowed[0];
  let bestScore = Infinity;
  for (const v of allowed) {
    const s = String(v).toLowerCase();
    let score: number;
    if (s === text) score = -2;
    else if (text !== '' && (s.startsWith(text) || text.startsWith(s))) score = -1 + Math.abs(s.length - text.length) / 1000;
    else score = editDistance(text, s);
    if (score < bestScore) {
      best = v;
      bestScore = score;
    }
  }
  return best;
}
