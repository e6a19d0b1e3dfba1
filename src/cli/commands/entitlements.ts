// `scan-targets entitlements [--format text|json]`: the account's entitlements record.
import { isApiError } from '../../api/errors';
import { renderEntitlementsText, type EntitlementsRecord } from '../../core/entitlements';
import { parseChoice, parseCommandArgs } from '../args';
import type { Command } from '../command';
import { CONNECTION_HELP, CONNECTION_OPTIONS, connect } from '../connection';
import type { CliContext } from '../context';
import { CliError, EXIT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError } from '../exit';

const FORMATS = ['text', 'json'] as const;

const HELP = `Usage: scan-targets entitlements [--format text|json] [--base-url URL]

Reads the account's entitlements (GET {base}/account/entitlements/) and prints them.

Options:
  --format text|json   text: the groups of the VS Code tree view (features, integrations, limits,
                       allowed values, credit packs); json: the record as the service sent it,
                       pretty-printed (save it for "validate --entitlements FILE").
${CONNECTION_HELP}  -h, --help           Show this help.

Exit codes:
  0  the record was printed
  1  the service could not be read: network failure, timeout, server error, or an answer that
     is not an entitlements record (the message names the field)
  2  usage, configuration or authentication error: a bad flag, no base URL or token, a plain
     http:// URL to a non-loopback host, the token refused (401), nothing at the base URL (404)

Examples:
  scan-targets entitlements
  scan-targets entitlements --format json > entitlements.json
`;

const CONFIGURATION_KINDS: ReadonlySet<string> = new Set(['configuration', 'insecure-transport', 'unauthorized', 'not-found']);

async function run(args: readonly string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { format: { type: 'string' }, ...CONNECTION_OPTIONS, help: { type: 'boolean', short: 'h' } }, true);
  if (values.help) {
    ctx.out(HELP);
    return EXIT_OK;
  }
  const format = parseChoice('--format', values.format, FORMATS, 'text');
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}".`);

  const client = connect(values, ctx);
  let record: EntitlementsRecord;
  const controller = new AbortController();
  const onSignal = (): void => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    record = await client.getEntitlements(controller.signal);
  } catch (err) {
    if (isApiError(err)) {
      throw new CliError(err.message, CONFIGURATION_KINDS.has(err.kind) ? EXIT_USAGE : EXIT_ERRORS);
    }
    throw err;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await client.close();
  }
  if (format === 'json') ctx.out(`${JSON.stringify(record, null, 2)}\n`);
  else ctx.out(renderEntitlementsText(record, { color: ctx.colorOut }));
  return EXIT_OK;
}

export const entitlementsCommand: Command = {
  name: 'entitlements',
  help: HELP,
  run,
};
