// The language client's protocol trace (`scanTargets.trace.server`: messages or verbose) goes to
// the extension's log, but never the body of a bulk update plan: it carries the request as it will
// be sent, with the `${env:NAME}` values resolved and the sensitive values in clear.
import type * as vscode from 'vscode';
import { PLAN_BULK_UPDATE } from '../server/protocol';

/** A trace line with the plan's params or result dropped; any other line as it is. */
export function hidePlanBody(message: string): string {
  if (!message.includes(PLAN_BULK_UPDATE)) return message;
  const [first = ''] = message.split('\n', 1);
  return `${first}\n(the bulk update plan is not shown: it holds the request body, secrets included)`;
}

/** `log`, whose `trace` drops the bodies of bulk update plans: the client's trace channel. */
export function traceChannel(log: vscode.LogOutputChannel): vscode.LogOutputChannel {
  return new Proxy(log, {
    get(target, property) {
      if (property === 'trace') return (message: string) => target.trace(hidePlanBody(message));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
