// Shared by the client tests: a logger that records every line, the secrets no line or message
// may ever contain, and a check over everything captured in this test process.
import assert from 'node:assert/strict';
import type { ClientOptions, Logger } from '../../../src/api/client';
import { ManualClock } from '../../fixtures/manualClock';

/** The API token used with the sandbox in the client tests. */
export const SECRET_TOKEN = 'tok-SECRET-4f9a1c77e2d0b3';
/** Values marked sensitive in request bodies. */
export const SENSITIVE_PASSWORD = 'pw-SENSITIVE-9d8e7f6a5b';
export const SENSITIVE_HEADER_VALUE = 'hdr-SENSITIVE-1a2b3c4d5e';
export const PROXY_PASSWORD = 'proxy-SECRET-77aa88bb';

/** The request timeout of a client on the tests' time ({@link onTestTime}). */
const REQUEST_TIMEOUT_MS = 5_000;

/**
 * A client's options on the tests' time, with the sandbox at `baseUrl`: four attempts whose retry
 * waits pass at once, and a request timeout that passes only when a test moves the clock.
 */
export function onTestTime(baseUrl: string, logger: Logger): ClientOptions {
  return {
    baseUrl,
    token: SECRET_TOKEN,
    logger,
    maxAttempts: 4,
    retryBaseDelayMs: 5,
    retryMaxDelayMs: 20,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    clock: new ManualClock({ fireAtOnce: (ms) => ms < REQUEST_TIMEOUT_MS }),
  };
}

/** Everything logged, and every error message seen, in this process. */
export const captured: string[] = [];

export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const at =
    (level: string) =>
    (message: string): void => {
      lines.push(`${level}: ${message}`);
      captured.push(message);
    };
  return { lines, trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** Awaits a rejection, records the error's message and every string field, and returns the error. */
export async function rejection<T = Error>(promise: Promise<unknown>): Promise<T> {
  try {
    await promise;
  } catch (err) {
    captured.push(String(err), (err as Error).stack ?? '', JSON.stringify(err));
    return err as T;
  }
  assert.fail('expected the promise to reject');
}

export function assertNothingLeaked(secrets: readonly string[] = [SECRET_TOKEN, SENSITIVE_PASSWORD, SENSITIVE_HEADER_VALUE, PROXY_PASSWORD]): void {
  assert.ok(captured.length > 0, 'nothing was captured: the check would prove nothing');
  for (const secret of secrets) {
    const leaks = captured.filter((line) => line.includes(secret));
    assert.deepEqual(leaks, [], `a secret appeared in ${leaks.length} captured line(s)`);
  }
}

/** A body whose values are marked sensitive. */
export function sensitiveBody(ids: string[]): { ids: string[]; site: Record<string, unknown> } {
  return {
    ids,
    site: {
      name: 'Shop (staging)',
      has_basic_auth: true,
      basic_auth: { username: 'scanner', password: SENSITIVE_PASSWORD, password_is_sensitive: true },
      headers: [{ name: 'X-Api-Key', value: SENSITIVE_HEADER_VALUE, value_is_sensitive: true }],
    },
  };
}
