// `--entitlements FILE`: a saved entitlements record (what `scan-targets entitlements --format
// json` prints), checked against schemas/entitlements.schema.json with the API client's own
// response check, so a malformed record is refused with the field named.
import { checkEntitlements } from '../api/responseCheck';
import type { EntitlementsRecord } from '../core/entitlements';
import { CliError, EXIT_USAGE } from './exit';
import { readTextFile } from '../repo/textFile';
import { plural } from '../core/wording';

export async function loadEntitlementsFile(path: string): Promise<EntitlementsRecord> {
  const read = await readTextFile(path);
  if (!read.ok) throw new CliError(`--entitlements ${read.message}`, EXIT_USAGE);
  let value: unknown;
  try {
    value = JSON.parse(read.text);
  } catch (err) {
    throw new CliError(
      `--entitlements ${path}: not valid JSON (${(err as Error).message}). Save the record with "scan-targets entitlements --format json > ${path}".`,
      EXIT_USAGE,
    );
  }
  const result = checkEntitlements(value);
  if (!result.ok) {
    const shown = result.problems.slice(0, 5).map((p) => `  ${p.message}`);
    const more = result.problems.length > 5 ? [`  ... and ${result.problems.length - 5} more`] : [];
    throw new CliError(
      [
        `--entitlements ${path}: not an entitlements record (schemas/entitlements.schema.json): ${plural(result.problems.length, 'problem')}.`,
        ...shown,
        ...more,
        'Save a fresh record with "scan-targets entitlements --format json".',
      ].join('\n'),
      EXIT_USAGE,
    );
  }
  return value as EntitlementsRecord;
}
