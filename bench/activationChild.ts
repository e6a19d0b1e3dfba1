// Run in a fresh process by activation.ts: loads a bundled extension with a stand-in for the
// `vscode` module, runs activate(), and prints timings and whether any schema was compiled. The
// extension's LanguageClient really starts against the stand-in: it forks the bundle's
// `dist/load/server.js` over Node IPC after activate() has returned (start() is asynchronous); the
// fork and the server's answer to `initialize` are timed by watching child_process.fork, then
// the client is stopped and the server process killed.
// Usage: node activationChild.js BUNDLE
import type { ChildProcess } from 'child_process';
import * as path from 'path';
import Module from 'module';

const bundleArg = process.argv[2];
if (bundleArg === undefined) throw new Error('usage: node activationChild.js BUNDLE');
const bundle = path.resolve(bundleArg);

// Ajv compiles a schema into code with `new Function(...)`: count those (the bundle carries its own
// copy of ajv, so its prototype cannot be reached from here).
let functionsBuilt = 0;
const RealFunction = Function;
globalThis.Function = new Proxy(RealFunction, {
  construct(target, args: unknown[]): object {
    functionsBuilt++;
    return Reflect.construct(target, args) as object;
  },
  apply(target, thisArg, args: unknown[]): unknown {
    functionsBuilt++;
    return Reflect.apply(target, thisArg, args) as unknown;
  },
});

// The language client forks the server with child_process.fork: note when, and when the server
// answers `initialize` (an IPC message carrying `result.capabilities`).
const server: { forkedAt?: number; initializedAt?: number; children: ChildProcess[] } = { children: [] };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const childProcess = require('child_process') as { fork: (...args: unknown[]) => ChildProcess };
const realFork = childProcess.fork;
childProcess.fork = function (...args: unknown[]): ChildProcess {
  const child = realFork.apply(this, args);
  server.forkedAt ??= performance.now();
  server.children.push(child);
  child.on('message', (message: { result?: { capabilities?: unknown } } | null) => {
    if (message?.result?.capabilities !== undefined) server.initializedAt ??= performance.now();
  });
  return child;
};

/** What the extension wrote to its log (the stand-in output channel), for the report. */
const logged: string[] = [];

const noop = (): void => undefined;
const disposable = { dispose: noop };

/** Anything activate() touches that is not modelled below: callable, constructible, disposable, iterable, never thenable. */
function fake(name: string): unknown {
  const cache = new Map<PropertyKey, unknown>();
  const target = function () {
    return undefined;
  };
  return new Proxy(target, {
    // Code may set properties on what it was given (a function's `name`, which a plain function
    // refuses): kept, and read back.
    set(_t, prop, value) {
      cache.set(prop, value);
      return true;
    },
    get(_t, prop) {
      if (prop === 'then') return undefined;
      if (prop === 'dispose') return noop;
      if (prop === Symbol.iterator) return function* () {};
      if (prop === Symbol.toPrimitive) return () => name;
      if (prop === 'toString') return () => name;
      if (prop === 'length') return 0;
      if (!cache.has(prop)) cache.set(prop, fake(`${name}.${String(prop)}`));
      return cache.get(prop);
    },
    apply() {
      return fake(`${name}()`);
    },
    construct() {
      return fake(`new ${name}`) as object;
    },
  });
}

class EventEmitter<T> {
  private listeners: Array<(e: T) => void> = [];
  event = (listener: (e: T) => void) => {
    this.listeners.push(listener);
    return disposable;
  };
  fire(e: T): void {
    for (const l of this.listeners) l(e);
  }
  dispose(): void {
    this.listeners = [];
  }
}

/** `obj`, with a fake for any other property. */
function withFallback<T extends object>(name: string, obj: T): T {
  return new Proxy(obj, { get: (t, p) => (p in t || typeof p !== 'string' || p === 'then' ? (t as Record<PropertyKey, unknown>)[p] : fake(`${name}.${p}`)) });
}

/** A log output channel that keeps its lines (warnings and errors end up in the report). */
function outputChannel(name: string): unknown {
  const write = (level: string) => (message: unknown) => {
    logged.push(`${level}: ${message instanceof Error ? message.message : String(message)}`);
  };
  return withFallback(`OutputChannel(${name})`, {
    name,
    logLevel: 2,
    onDidChangeLogLevel: event,
    trace: write('trace'),
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    append: write('append'),
    appendLine: write('line'),
    replace: noop,
    clear: noop,
    show: noop,
    hide: noop,
    dispose: noop,
  });
}

const uri = (p: string) => ({ scheme: 'file', path: p, fsPath: p, toString: () => `file://${p}`, with: () => uri(p) });
const event = () => disposable;
const configuration = {
  get: (_key: string, defaultValue?: unknown) => defaultValue,
  has: () => false,
  inspect: () => undefined,
  update: async () => undefined,
};
/** The folder the bundle's dist/ is in (the extension's own, as installed). */
const extensionPath = bundle.slice(0, bundle.lastIndexOf(`${path.sep}dist${path.sep}`));

const vscodeStandIn: Record<string, unknown> = {
  version: '1.100.0',
  EventEmitter,
  Disposable: class {
    constructor(private readonly fn: () => void) {}
    static from(...items: Array<{ dispose(): unknown }>) {
      return { dispose: () => items.forEach((i) => i.dispose()) };
    }
    dispose() {
      this.fn();
    }
  },
  Uri: withFallback('Uri', {
    joinPath: (base: { path: string }, ...parts: string[]) => uri(path.join(base.path, ...parts)),
    file: (p: string) => uri(p),
    parse: (s: string) => uri(s),
    from: (c: { path: string }) => uri(c.path),
  }),
  workspace: new Proxy(
    {
      isTrusted: true,
      textDocuments: [],
      workspaceFolders: undefined,
      getConfiguration: () => configuration,
      onDidChangeConfiguration: event,
      onDidOpenTextDocument: event,
      onDidChangeTextDocument: event,
      onDidCloseTextDocument: event,
      onDidSaveTextDocument: event,
      onDidGrantWorkspaceTrust: event,
    },
    { get: (t: Record<string, unknown>, p: string) => (p in t ? t[p] : typeof p === 'string' && p.startsWith('onDid') ? event : fake(`workspace.${p}`)) },
  ),
  window: new Proxy(
    {
      visibleTextEditors: [],
      activeTextEditor: undefined,
      onDidChangeActiveTextEditor: event,
      onDidChangeVisibleTextEditors: event,
      createOutputChannel: (name: string) => outputChannel(name),
    },
    { get: (t: Record<string, unknown>, p: string) => (p in t ? t[p] : typeof p === 'string' && p.startsWith('onDid') ? event : fake(`window.${p}`)) },
  ),
  languages: new Proxy({ onDidChangeDiagnostics: event }, { get: (t: Record<string, unknown>, p: string) => (p in t ? t[p] : fake(`languages.${p}`)) }),
  commands: withFallback('commands', { registerCommand: () => disposable, executeCommand: async () => undefined, registerTextEditorCommand: () => disposable }),
  env: withFallback('env', { language: 'en', clipboard: { writeText: async () => undefined } }),
};
// esbuild's `__toESM(require('vscode'))` copies own keys and keeps the prototype: anything not
// modelled above falls through to a fake on the prototype chain.
const vscode: unknown = Object.setPrototypeOf(vscodeStandIn, new Proxy({}, { get: (_t, p) => (typeof p === 'string' ? fake(`vscode.${p}`) : undefined) }));

type ResolveFilename = (request: string, ...rest: unknown[]) => string;
const m = Module as unknown as { _resolveFilename: ResolveFilename };
const originalResolve = m._resolveFilename;
m._resolveFilename = function (request: string, ...rest: unknown[]) {
  if (request === 'vscode') return 'vscode';
  return originalResolve.call(this, request, ...rest);
};
require.cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: vscode } as unknown as NodeModule;

const secrets = { get: async () => undefined, store: async () => undefined, delete: async () => undefined, onDidChange: event };
const memento = { get: (_k: string, d?: unknown) => d, update: async () => undefined, keys: () => [] };
const context = {
  subscriptions: [] as Array<{ dispose(): unknown }>,
  extension: { packageJSON: { version: '0.0.0-bench' }, id: 'scantargets.scan-target-settings' },
  extensionPath,
  extensionUri: uri(extensionPath),
  secrets,
  globalState: memento,
  workspaceState: memento,
  globalStorageUri: uri('/tmp/bench-global'),
  storageUri: undefined,
  logUri: uri('/tmp/bench-log'),
  asAbsolutePath: (p: string) => path.join(extensionPath, p),
};

const SERVER_WAIT_MS = 10_000;

async function main(): Promise<void> {
  const t0 = performance.now();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const extension = require(bundle) as { activate(context: unknown): unknown; deactivate?(): void };
  const t1 = performance.now();
  const functionsAtLoad = functionsBuilt;
  let activateError: string | undefined;
  try {
    extension.activate(context);
  } catch (err) {
    activateError = err instanceof Error ? err.message : String(err);
  }
  const t2 = performance.now();
  const functionsAtActivate = functionsBuilt - functionsAtLoad;
  const ajvLoaded = Object.keys(require.cache).some((k) => /[\\/]ajv[\\/]/.test(k));
  // After activate() returned: the language client forks the server and initializes it.
  const until = performance.now() + SERVER_WAIT_MS;
  while (server.initializedAt === undefined && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 1));
  const result = {
    loadMs: t1 - t0,
    activateMs: t2 - t1,
    totalMs: t2 - t0,
    activateError,
    serverForkMs: server.forkedAt === undefined ? null : server.forkedAt - t2,
    serverReadyMs: server.initializedAt === undefined ? null : server.initializedAt - t2,
    functionsAtLoad,
    functionsAtActivate,
    ajvLoaded,
    subscriptions: context.subscriptions.length,
    problems: logged.filter((l) => /^(warn|error)/.test(l)).slice(0, 3),
  };
  for (const d of context.subscriptions) {
    try {
      d.dispose();
    } catch {
      // a stand-in may not dispose cleanly
    }
  }
  // The language client's stop() is asynchronous: end the server process it forked here, by its pid.
  for (const child of server.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  process.stdout.write(JSON.stringify(result) + '\n');
  process.exit(0);
}

void main();
