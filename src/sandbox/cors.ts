// Cross-origin requests, when the sandbox is told which web origins may call it: the extension in a
// browser (vscode.dev, github.dev, code-server) sends its requests from the editor's origin, and a
// browser lets a page read the answer only when the service says that origin may. The sandbox
// answers the preflight and marks every answer for an allowed origin; for any other origin it says
// nothing, so the browser blocks the call as it would against a service that does not allow it.
import type * as http from 'node:http';

/** `*` allows any origin. */
export type CorsOrigins = readonly string[];

/** How long a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE_S = 600;

/** The origin of `req` when it may call the sandbox, else undefined. */
function allowedOrigin(req: http.IncomingMessage, origins: CorsOrigins): string | undefined {
  const origin = req.headers.origin;
  if (origin === undefined || origins.length === 0) return undefined;
  return origins.includes('*') || origins.includes(origin) ? origin : undefined;
}

/** Whether `req` is a browser's preflight (an OPTIONS asking whether a method may be used). */
export function isPreflight(req: http.IncomingMessage): boolean {
  return req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
}

/**
 * Sets the CORS headers on `res` for an allowed origin, before any answer is written; for a
 * preflight also the methods and headers a call may use (the token's header among them).
 */
export function applyCors(req: http.IncomingMessage, res: http.ServerResponse, origins: CorsOrigins, authHeader: string): void {
  const origin = allowedOrigin(req, origins);
  if (origins.length > 0) res.setHeader('vary', 'Origin');
  if (origin === undefined) return;
  res.setHeader('access-control-allow-origin', origin);
  // The client reads Retry-After to wait as the service asks.
  res.setHeader('access-control-expose-headers', 'Retry-After');
  if (isPreflight(req)) {
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    res.setHeader('access-control-allow-headers', `${authHeader}, content-type`);
    res.setHeader('access-control-max-age', String(PREFLIGHT_MAX_AGE_S));
  }
}
