// `scan-targets sandbox [--port N] [--host H] [--token T] [--profile full|restricted|FILE.json]
//                       [--latency MS] [--error-rate STATUS=RATE,...] [--seed N] [--targets N]`
// The local stand-in service, until Ctrl+C / SIGTERM.
import { randomBytes } from 'node:crypto';
import { checkEntitlements } from '../../api/responseCheck';
import { isLoopbackHost } from '../../api/proxy';
import { startSandbox, type FaultOptions, type RequestRecord, type Sandbox, type SandboxProfile } from '../../sandbox';
import { parseCommandArgs, parseIntegerFlag } from '../args';
import type { Command } from '../command';
import { TOKEN_VARIABLE } from '../connection';
import type { CliContext } from '../context';
import { CliError, EXIT_OK, EXIT_USAGE, UsageError } from '../exit';
import { readTextFile } from '../../repo/textFile';
import { palette } from '../terminal';
import { plural } from '../../core/wording';

const HELP = `Usage: scan-targets sandbox [--port N] [--host H] [--token T] [--profile full|restricted|FILE.json]
                            [--latency MS] [--error-rate STATUS=RATE,...] [--seed N] [--targets N]
                            [--cors ORIGIN]...

Starts the local sandbox service: both API operations under /api/v1, token auth, request checks
against the target-settings schema, an in-memory store of demo targets, is_id_404_validation, and
fault injection. It runs until Ctrl+C (or SIGTERM) and logs each request on stderr.

It prints one line on stdout when it is ready:
  Sandbox listening at http://127.0.0.1:PORT/api/v1 (token: T)
Point the other commands at it with SCAN_TARGETS_BASE_URL and SCAN_TARGETS_TOKEN.

Options:
  --port N              Port to listen on (default 0: a free port, printed).
  --host H              Address to listen on (default 127.0.0.1). Clients send a token over
                        plain http:// only to loopback addresses.
  --token T             Token clients must send. Default: $${TOKEN_VARIABLE} when set (then it is
                        not printed), otherwise a random throwaway token (printed).
  --profile P           Entitlements served: full (default), restricted, or a JSON file holding
                        a record (served as is; problems are reported as warnings).
  --latency MS          Delay before every answer, in milliseconds.
  --error-rate LIST     Inject errors: STATUS=RATE pairs, e.g. 500=0.1,503=0.05 (rates 0..1,
                        summing to at most 1; 429 and 503 come with Retry-After: 1).
  --seed N              Seed of the error-rate dice (default 1): same seed, same faults.
  --targets N           Number of seeded targets (default 50), besides the targets of the
                        repository's examples, which it always holds.
  --cors ORIGIN         A web origin that may call it from a browser (the editor's origin, e.g.
                        https://vscode.dev or http://127.0.0.1:8080; * for any). Repeat it for
                        more. Without it, no cross-origin call is allowed, as a service that does
                        not allow them.
  -h, --help            Show this help.

Exit codes:
  0  stopped with Ctrl+C or SIGTERM
  2  usage error, or the address cannot be used (port taken, no permission)

Example:
  scan-targets sandbox --port 8787 --profile restricted --error-rate 503=0.2
`;

/** `500=0.1,503=0.05` -> `{500: 0.1, 503: 0.05}`. */
export function parseErrorRates(text: string): Partial<Record<number, number>> {
  const rates: Partial<Record<number, number>> = {};
  let total = 0;
  for (const part of text.split(/[\s,]+/).filter((p) => p !== '')) {
    const m = /^(\d{3})=(\d*\.?\d+)$/.exec(part);
    if (!m) throw new UsageError(`--error-rate: "${part}" is not STATUS=RATE (e.g. 503=0.2).`);
    const status = Number(m[1]);
    const rate = Number(m[2]);
    if (status < 400 || status > 599) throw new UsageError(`--error-rate: ${status} is not an error status (400 to 599).`);
    if (!(rate >= 0 && rate <= 1)) throw new UsageError(`--error-rate: the rate of ${status} must be between 0 and 1 (got ${m[2]}).`);
    rates[status] = rate;
    total += rate;
  }
  if (total > 1 + 1e-9) throw new UsageError(`--error-rate: the rates add up to ${total}, more than 1.`);
  return rates;
}

async function loadProfile(value: string | undefined, ctx: CliContext): Promise<SandboxProfile> {
  if (value === undefined || value === 'full' || value === 'restricted') return value ?? 'full';
  const read = await readTextFile(value);
  if (!read.ok) throw new CliError(`--profile ${read.message}`, EXIT_USAGE);
  let record: unknown;
  try {
    record = JSON.parse(read.text);
  } catch (err) {
    throw new CliError(`--profile ${value}: not valid JSON (${(err as Error).message}).`, EXIT_USAGE);
  }
  if (record === null || typeof record !== 'object' || Array.isArray(record)) {
    throw new CliError(`--profile ${value}: not a JSON object. Use full, restricted, or a file holding an entitlements record.`, EXIT_USAGE);
  }
  const check = checkEntitlements(record);
  if (!check.ok) {
    ctx.err(
      `warning: --profile ${value} is not a valid entitlements record; it is served as is (clients will report it):\n` +
        check.problems
          .slice(0, 5)
          .map((p) => `  ${p.message}\n`)
          .join(''),
    );
  }
  return record as Record<string, unknown>;
}

function describeRequest(r: RequestRecord): string {
  const query = r.query ? `?${r.query}` : '';
  const ids = r.idsCount !== undefined ? ` (${plural(r.idsCount, 'id')})` : '';
  const fault = r.fault ? ` [fault: ${r.fault}]` : '';
  return `${r.method} ${r.path}${query} ${r.status === 0 ? '(no answer)' : r.status}${ids}${fault}`;
}

/** A web origin as browsers send it (`scheme://host[:port]`, no path), or `*`. */
function corsOrigin(given: string): string {
  const value = given.trim();
  if (value === '*') return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--cors ${given}: not an origin. Give one like https://vscode.dev or http://127.0.0.1:8080, or * for any.`);
  }
  if (url.origin === 'null' || `${url.origin}/` !== url.href.replace(/\/?$/, '/')) {
    throw new UsageError(`--cors ${given}: an origin is a scheme, a host and a port only, like ${url.origin === 'null' ? 'https://vscode.dev' : url.origin}.`);
  }
  return url.origin;
}

async function run(args: readonly string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      port: { type: 'string' },
      host: { type: 'string' },
      token: { type: 'string' },
      profile: { type: 'string' },
      latency: { type: 'string' },
      'error-rate': { type: 'string' },
      seed: { type: 'string' },
      targets: { type: 'string' },
      cors: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) {
    ctx.out(HELP);
    return EXIT_OK;
  }
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}".`);
  const port = parseIntegerFlag('--port', values.port, 0, 65535) ?? 0;
  const host = values.host?.trim() || '127.0.0.1';
  const latencyMs = parseIntegerFlag('--latency', values.latency, 0, 600_000);
  const seed = parseIntegerFlag('--seed', values.seed, 0, 2 ** 32 - 1);
  const targets = parseIntegerFlag('--targets', values.targets, 0, 1_000_000);
  const errorRate = values['error-rate'] !== undefined ? parseErrorRates(values['error-rate']) : undefined;
  if (values.token !== undefined && !/^\S+$/.test(values.token)) throw new UsageError('--token must be one word without spaces.');
  const envToken = ctx.env[TOKEN_VARIABLE]?.trim();
  const tokenSource: 'flag' | 'env' | 'random' = values.token !== undefined ? 'flag' : envToken ? 'env' : 'random';
  const token = values.token ?? (envToken || `sbx-${randomBytes(18).toString('base64url')}`);
  const profile = await loadProfile(values.profile, ctx);
  const cors = (values.cors ?? []).map(corsOrigin);

  const faults: FaultOptions = {
    ...(latencyMs !== undefined ? { latencyMs } : {}),
    ...(errorRate !== undefined ? { errorRate } : {}),
    ...(seed !== undefined ? { seed } : {}),
  };
  const paint = palette(ctx.colorErr);
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({
      host,
      port,
      token,
      profile,
      ...(targets !== undefined ? { targets } : {}),
      exampleTargets: true,
      faults,
      cors,
      onRequest: (r) => {
        const status = r.status >= 500 || r.status === 0 ? paint.red : r.status >= 400 ? paint.yellow : paint.green;
        ctx.err(`${paint.dim(new Date().toISOString())} ${status(describeRequest(r))}\n`);
      },
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'EADDRINUSE'
        ? `port ${port} is already in use. Pick another with --port, or --port 0 for a free one.`
        : code === 'EACCES'
          ? `no permission to listen on port ${port}. Use a port above 1023.`
          : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
            ? `${host} is not an address of this machine.`
            : (err as Error).message;
    throw new CliError(`cannot start the sandbox on ${host}:${port}: ${why}`, EXIT_USAGE);
  }

  const shownToken = tokenSource === 'env' ? `from $${TOKEN_VARIABLE}` : token;
  ctx.out(`Sandbox listening at ${sandbox.url} (token: ${shownToken})\n`);
  if (!isLoopbackHost(host)) {
    ctx.err(
      `warning: listening on ${host}, which other machines may reach. Clients refuse to send a token over plain http:// to a non-loopback address, so use 127.0.0.1 unless you know why.\n`,
    );
  }
  ctx.err(`Profile: ${typeof profile === 'string' ? profile : values.profile}; ${sandbox.targetIds().length} demo targets. Press Ctrl+C to stop.\n`);

  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      ctx.err(`${signal}: stopping the sandbox.\n`);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await sandbox.close();
  return EXIT_OK;
}

export const sandboxCommand: Command = {
  name: 'sandbox',
  help: HELP,
  run,
};
