// The full report of a bulk update as a person reads it after the run ("Show Report" in the
// editor): the summary, then every bucket with its count and all of its ids, the failed and
// unknown groups with their reasons. Ids and reasons only: reasons are already redacted.
import { describeOutcome, type BulkOutcome, type FailedGroup } from './outcome';

export interface ReportContext {
  /** The file the ids came from, as the user knows it. */
  readonly source: string;
  /** 0-based index of its YAML document. */
  readonly documentIndex: number;
  /** Where the requests went. */
  readonly service: string;
}

export function outcomeReport(outcome: BulkOutcome, context: ReportContext): string {
  const lines = [`Bulk update of document ${context.documentIndex + 1} of ${context.source}, sent to ${context.service}`, '', describeOutcome(outcome), ''];
  const bucket = (title: string, ids: readonly string[]): void => {
    lines.push(`${title}: ${ids.length}`);
    for (const id of ids) lines.push(`  ${id}`);
  };
  const groups = (title: string, list: readonly FailedGroup[]): void => {
    lines.push(`${title}: ${list.reduce((n, g) => n + g.ids.length, 0)}`);
    for (const group of list) {
      lines.push(`  Request ${group.chunk + 1}${group.status === undefined ? '' : `, HTTP ${group.status}`}: ${group.reason}`);
      for (const id of group.ids) lines.push(`    ${id}`);
    }
  };
  bucket('Updated', outcome.updated);
  bucket('Rejected by the service as invalid', outcome.invalid);
  bucket('Valid, not applied because their request had an invalid id', outcome.validNotApplied);
  groups('Failed, not applied', outcome.failed);
  groups('Unknown, may have been applied because the answer was lost', outcome.unknown);
  bucket('Not sent', outcome.notSent);
  if (outcome.duplicates.length > 0) bucket('Listed more than once, sent once', outcome.duplicates);
  return `${lines.join('\n')}\n`;
}
