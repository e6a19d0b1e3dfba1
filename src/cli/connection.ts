// Where the commands that call the service connect, and with what: the base URL from --base-url
// or SCAN_TARGETS_BASE_URL, the token from SCAN_TARGETS_TOKEN only (never from an argument, which
// would end up in shell histories and process lists), proxies from HTTPS_PROXY / NO_PROXY.
import { DEFAULTS, assertSecureTransport, createClient, normalizeBaseUrl, type ApiClient, type Logger, type RetryInfo } from '../api/client';
import { parseIntegerFlag } from './args';
import { ApiError } from '../api/errors';
import { proxySettingsFor } from '../api/proxy';
import type { CliContext } from './context';
import { CliError, EXIT_USAGE } from './exit';
import { palette } from './terminal';

export const TOKEN_VARIABLE = 'SCAN_TARGETS_TOKEN';
/** The longest timeout a flag accepts: an hour. */
const MAX_TIMEOUT_MS = 3_600_000;
export const BASE_URL_VARIABLE = 'SCAN_TARGETS_BASE_URL';

/** The connection options every networked command takes. */
export const CONNECTION_OPTIONS = {
  'base-url': { type: 'string' },
  'auth-scheme': { type: 'string' },
  'auth-header': { type: 'string' },
  'connect-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  verbose: { type: 'boolean' },
} as const;

export const CONNECTION_HELP = `  --base-url URL             API base URL, e.g. https://api.example.com/v1 (default: $${BASE_URL_VARIABLE}).
                             Plain http:// is accepted only for loopback addresses (the sandbox).
  --auth-scheme WORD         Word before the token in the auth header: JWT (default), Bearer, Token.
  --auth-header NAME         Header carrying "<scheme> <token>" (default: Authorization).
  --connect-timeout MS       Time to open a connection: TCP, TLS, a proxy's tunnel (default ${DEFAULTS.connectTimeoutMs}).
  --request-timeout MS       Time for one attempt once connected: the answer's headers and body (default ${DEFAULTS.requestTimeoutMs}).
  --verbose                  Log every request (method, path, status, attempts) on stderr.

Environment:
  ${TOKEN_VARIABLE}         The API token (required; never given as an argument, never printed).
  ${BASE_URL_VARIABLE}      The API base URL, when --base-url is not given.
  HTTPS_PROXY, HTTP_PROXY, NO_PROXY   Proxy to use (loopback addresses never go through it).
`;

export interface ConnectionFlags {
  'base-url'?: string;
  'auth-scheme'?: string;
  'auth-header'?: string;
  'connect-timeout'?: string;
  'request-timeout'?: string;
  verbose?: boolean;
}

/** The base URL to use: checked, normalised, and safe for a token. Throws a CliError (exit 2). */
export function resolveBaseUrl(flags: ConnectionFlags, env: NodeJS.ProcessEnv): string {
  const raw = flags['base-url'] ?? env[BASE_URL_VARIABLE];
  if (raw === undefined || raw.trim() === '') {
    throw new CliError(
      `no API base URL: pass --base-url URL or set ${BASE_URL_VARIABLE} (for example https://api.example.com/v1). Nothing was sent.`,
      EXIT_USAGE,
    );
  }
  try {
    const url = normalizeBaseUrl(raw);
    assertSecureTransport(url);
    return url.href.replace(/\/+$/, '');
  } catch (err) {
    if (err instanceof ApiError) throw new CliError(err.message, EXIT_USAGE);
    throw err;
  }
}

/** The token from the environment. Throws a CliError (exit 2) when it is not set. */
export function resolveToken(env: NodeJS.ProcessEnv): string {
  const token = env[TOKEN_VARIABLE]?.trim();
  if (!token) {
    throw new CliError(`no API token: set the ${TOKEN_VARIABLE} environment variable (it is never taken from an argument). Nothing was sent.`, EXIT_USAGE);
  }
  return token;
}

/** The client's log on stderr, with --verbose only (the commands report failures themselves). */
export function clientLogger(ctx: CliContext, verbose: boolean): Logger {
  const paint = palette(ctx.colorErr);
  const at =
    (label: string) =>
    (message: string): void => {
      if (verbose) ctx.err(`${label} ${message}\n`);
    };
  return {
    trace: at(paint.dim('trace:')),
    debug: at(paint.dim('debug:')),
    info: at(paint.dim('info:')),
    warn: at(paint.yellow('warning:')),
    error: at(paint.red('error:')),
  };
}

/** One stderr line per retry (always: a pipeline log should show why a run took longer). */
function retryLine(ctx: CliContext, info: RetryInfo): void {
  const paint = palette(ctx.colorErr);
  const seconds = (info.delayMs / 1000).toFixed(1);
  ctx.err(
    `${paint.yellow('retry:')} ${info.method} ${info.path}: ${info.reason}; attempt ${info.attempt + 1} of ${info.maxAttempts} in ${seconds} s` +
      `${info.retryAfterMs !== undefined ? ' (as the service asked with Retry-After)' : ''}.\n`,
  );
}

export function connect(flags: ConnectionFlags, ctx: CliContext, secrets: readonly string[] = []): ApiClient {
  const baseUrl = resolveBaseUrl(flags, ctx.env);
  const token = resolveToken(ctx.env);
  return createClient({
    baseUrl,
    token,
    authScheme: flags['auth-scheme'],
    authHeader: flags['auth-header'],
    connectTimeoutMs: parseIntegerFlag('--connect-timeout', flags['connect-timeout'], 100, MAX_TIMEOUT_MS),
    requestTimeoutMs: parseIntegerFlag('--request-timeout', flags['request-timeout'], 100, MAX_TIMEOUT_MS),
    proxy: proxySettingsFor(baseUrl, {}, ctx.env),
    logger: clientLogger(ctx, flags.verbose === true),
    onRetry: (info) => retryLine(ctx, info),
    secrets,
    userAgent: 'scan-targets-cli',
  });
}
