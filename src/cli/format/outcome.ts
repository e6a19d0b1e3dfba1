// How `bulk-update` reports a run: text (per-bucket counts and lists, each invalid id with its
// FILE:line:col) or JSON: core's `outcomeToJson`
//   {"updated":[...],"invalid":[...],"validNotApplied":[...],"failed":[{"ids":[...],"reason":"...","kind":"..."}],
//    "unknown":[...groups as failed...],"notSent":[...],"requests":N}
// plus `diagnostics` (the invalid ids and the service's field errors, positioned in FILE as in
// `validate --format json`), and `stopped` when the run ended early.
import type { CoreDiagnostic } from '../../core/diagnostic';
import { outcomeToJson, type BulkOutcome, type FailedGroup } from '../../core/bulk';
import type { Palette } from '../terminal';
import { jsonDiagnostic } from './json';
import { plural } from '../../core/wording';
import { diagnosticLine } from './text';

export function outcomeJson(outcome: BulkOutcome, diagnostics: readonly CoreDiagnostic[]): string {
  const value = {
    ...outcomeToJson(outcome),
    diagnostics: diagnostics.map(jsonDiagnostic),
    ...(outcome.stopped ? { stopped: { cause: outcome.stopped.cause, message: outcome.stopped.message } } : {}),
  };
  return `${JSON.stringify(value)}\n`;
}

/** Ids in lines of at most ~100 characters, indented. */
export function wrapIds(ids: readonly string[], indent = '  ', width = 100): string[] {
  const lines: string[] = [];
  let line = '';
  for (const id of ids) {
    if (line !== '' && indent.length + line.length + 1 + id.length > width) {
      lines.push(indent + line);
      line = '';
    }
    line = line === '' ? id : `${line} ${id}`;
  }
  if (line !== '') lines.push(indent + line);
  return lines;
}

export interface OutcomeTextOptions {
  /** The file as given, for FILE:line:col. */
  readonly file: string;
  /** The document as people read it: from 1. */
  readonly document: string;
  readonly baseUrl: string;
  readonly paint: Palette;
}

export function outcomeText(outcome: BulkOutcome, diagnostics: readonly CoreDiagnostic[], options: OutcomeTextOptions): string {
  const { paint, file } = options;
  const lines: string[] = [];
  lines.push(
    `Bulk update of ${plural(outcome.selected.length, 'id')} from document ${options.document} of ${file} at ${options.baseUrl}` +
      ` (${plural(outcome.requests, 'request')}):`,
  );
  const head = (label: string, n: number, paintIt: (s: string) => string): string => `${n > 0 ? paintIt(label) : label}: ${n}`;

  lines.push(head('updated', outcome.updated.length, paint.green));
  lines.push(...wrapIds(outcome.updated));

  lines.push(head('invalid', outcome.invalid.length, paint.red));
  const invalidDiags = diagnostics.filter((d) => d.code === 'invalid-id');
  const located = new Set<string>();
  for (const d of invalidDiags) {
    const id = typeof d.data?.id === 'string' ? d.data.id : undefined;
    if (id !== undefined) located.add(id);
    lines.push(`  ${diagnosticLine(file, d, paint)}`);
  }
  const unlocated = outcome.invalid.filter((id) => !located.has(id));
  lines.push(...wrapIds(unlocated));

  if (outcome.validNotApplied.length > 0 || outcome.invalid.length > 0) {
    lines.push(head('valid, not applied', outcome.validNotApplied.length, paint.yellow));
    if (outcome.validNotApplied.length > 0) {
      lines.push('  (in a request the service refused because of the invalid ids: nothing of it was applied; remove the invalid ids and run again)');
      lines.push(...wrapIds(outcome.validNotApplied));
    }
  }

  const groups = (label: string, list: readonly FailedGroup[], note?: string): void => {
    lines.push(
      head(
        label,
        list.reduce((n, g) => n + g.ids.length, 0),
        paint.red,
      ),
    );
    if (note !== undefined && list.length > 0) lines.push(`  (${note})`);
    for (const group of list) {
      const status = group.status !== undefined ? ` [${group.status}]` : '';
      lines.push(`  request ${group.chunk + 1}${status}, ${plural(group.ids.length, 'id')}: ${group.reason}`);
      lines.push(...wrapIds(group.ids, '    '));
    }
  };
  groups('failed', outcome.failed);
  for (const d of diagnostics.filter((x) => x.code !== 'invalid-id')) lines.push(`  ${diagnosticLine(file, d, paint)}`);
  if (outcome.unknown.length > 0) {
    groups(
      'unknown, may have been applied',
      outcome.unknown,
      'the request reached the service and its answer was lost; sending these again is safe, the update sets the same values',
    );
  }

  lines.push(head('not sent', outcome.notSent.length, paint.yellow));
  lines.push(...wrapIds(outcome.notSent));

  if (outcome.stopped)
    lines.push(outcome.stopped.cause === 'cancelled' ? 'The run was interrupted: requests not yet sent were not sent.' : outcome.stopped.message);
  return `${lines.join('\n')}\n`;
}
