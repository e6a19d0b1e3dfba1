// Fault injection: which fault a request gets (the queues first, then the seeded error-rate dice),
// the canned answers of `failNext`, `nonJson` and `errorRate`, the cut-off answer of `reset` and
// `truncate`, the dropped connection of `resetBefore` and the short id list of `omitIds`. Apart
// from the server, which only asks for a request's fault and acts on its name.
import type * as http from 'node:http';
import { isRecord } from '../core/records';
import { json, type Answer } from './httpAnswer';
import type { FaultOptions, InjectedFailure } from './types';

const DEFAULT_FAULT_DETAIL: Record<number, string> = {
  429: 'Request was throttled.',
  500: 'A server error occurred.',
  502: 'Bad gateway.',
  503: 'Service temporarily unavailable, try again later.',
  504: 'Gateway timeout.',
};

function htmlPage(status: number): string {
  return `<!DOCTYPE html>\n<html><head><title>${status} Error</title></head>\n<body><h1>${status} Error</h1><p>The upstream server is not available. Please try again later.</p><hr><address>sandbox-proxy</address></body></html>\n`;
}

/** The fault for this request, consumed from the queues (one per request). */
export function takeFault(faults: FaultOptions, faultRandom: () => number): string | undefined {
  const take = (key: 'hangNext' | 'resetBeforeNext' | 'resetNext' | 'truncateNext' | 'nonJsonNext' | 'slowNext' | 'omitIdsNext'): boolean => {
    const n = faults[key] ?? 0;
    if (n <= 0) return false;
    faults[key] = n - 1;
    return true;
  };
  if (take('hangNext')) return 'hang';
  if (take('resetBeforeNext')) return 'resetBefore';
  if (take('resetNext')) return 'reset';
  if (take('truncateNext')) return 'truncate';
  if (take('nonJsonNext')) return 'nonJson';
  if (take('slowNext')) return 'slow';
  if (take('omitIdsNext')) return 'omitIds';
  if (faults.failNext && faults.failNext.length > 0) return 'failNext';
  if (faults.errorRate) {
    const roll = faultRandom();
    let cumulative = 0;
    for (const [status, p] of Object.entries(faults.errorRate).sort(([a], [b]) => Number(a) - Number(b))) {
      cumulative += p ?? 0;
      if (roll < cumulative) return `errorRate:${status}`;
    }
  }
  return undefined;
}

/** The canned answer of a `failNext` entry. */
export function failNextAnswer(f: InjectedFailure): Answer {
  const headers: Record<string, string> = {};
  if (f.retryAfter !== undefined) headers['retry-after'] = String(f.retryAfter);
  return f.body === undefined
    ? json(f.status, { detail: DEFAULT_FAULT_DETAIL[f.status] ?? `Injected status ${f.status}.` }, headers)
    : typeof f.body === 'string'
      ? { status: f.status, body: f.body, contentType: f.contentType ?? 'text/plain; charset=utf-8', headers }
      : json(f.status, f.body, headers);
}

/** The HTML error page of a `nonJson` fault. */
export function nonJsonAnswer(status: number): Answer {
  return { status, body: htmlPage(status), contentType: 'text/html; charset=utf-8' };
}

/** The error answer of an `errorRate` fault (with `Retry-After: 1` for 429 and 503). */
export function errorRateAnswer(status: number): Answer {
  return json(
    status,
    { detail: DEFAULT_FAULT_DETAIL[status] ?? `Injected status ${status}.` },
    status === 429 || status === 503 ? { 'retry-after': '1' } : undefined,
  );
}

/** The answer of an `omitIds` fault: a 200 `{ids}` without its last `count` ids; any other answer as it is. */
export function omitIdsAnswer(answer: Answer, count: number): Answer {
  if (answer.status !== 200) return answer;
  let value: unknown;
  try {
    value = JSON.parse(answer.body);
  } catch {
    return answer;
  }
  if (!isRecord(value) || !Array.isArray(value.ids)) return answer;
  const kept = value.ids.slice(0, Math.max(0, value.ids.length - Math.max(0, Math.floor(count))));
  return json(200, { ...value, ids: kept }, answer.headers);
}

/** Resets the connection of `res` (a TCP RST where node can send one), whatever was sent on it. */
export function resetConnection(res: http.ServerResponse): void {
  const socket = res.socket;
  if (!socket) return;
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else socket.destroy();
}

/** Sends the head and half the body of `answer`, declaring more, then resets or ends the connection. */
export function cutOff(res: http.ServerResponse, answer: Answer, fault: 'reset' | 'truncate'): void {
  const bytes = Buffer.from(answer.body, 'utf8');
  res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': String(bytes.length + 64) });
  res.write(bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2))), () => {
    if (fault === 'reset') resetConnection(res);
    else res.socket?.end();
  });
}
