// Run in a fresh process by activation.ts: loads a bundled extension with a stand-in for the
// `vscode` module, runs activate(), and prints timings and whether any schema was compiled.
// Usage: node activationChild.js BUNDLE
import * as path from 'path';
import Module from 'module';

const bundle = path.resolve(process.argv[2]);

// Ajv compiles a schema into code with `new Function(...)`: count those (the bundle carries its own
// copy of ajv, so its prototype cannot be reached from here).
let functionsBuilt = 0;
const RealFunction = Function;
globalThis.Function = new Proxy(RealFunction, {
  construct(target, args) {
    functionsBuilt++;
    return Reflect.construct(target, args);
  },
  apply(target, thisArg, args) {
    functionsBuilt++;
    return Reflect.apply(target, thisArg, args);
  },
}) as FunctionConstructor;

const noop = (): void => undefined;
const disposable = { dispose: noop };

/** Anything activate() touches that is not modelled below: callable, constructible, disposable, iterable, never thenable. */
function fake(name: string): unknown {
  const cache = new Map<PropertyKey, unknown>();
  const target = function () {
    return undefined;
  };
  return new Proxy(target, {
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

const uri = (p: string) => ({ scheme: 'file', path: p, fsPath: p, toString: () => `file://${p}`, with: () => uri(p) });
const event = () => disposable;
const configuration = { get: (_key: string, defaultValue?: unknown) => defaultValue, has: () => false, inspect: () => undefined, update: async () => undefined };
const extensionPath = path.dirname(path.dirname(bundle));

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
    { visibleTextEditors: [], activeTextEditor: undefined, onDidChangeActiveTextEditor: event, onDidChangeVisibleTextEditors: event },
    { get: (t: Record<string, unknown>, p: string) => (p in t ? t[p] : typeof p === 'string' && p.startsWith('onDid') ? event : fake(`window.${p}`)) },
  ),
  languages: new Proxy({ onDidChangeDiagnostics: event }, { get: (t: Record<string, unknown>, p: string) => (p in t ? t[p] : fake(`languages.${p}`)) }),
  commands: withFallback('commands', { registerCommand: () => disposable, executeCommand: async () => undefined, registerTextEditorCommand: () => disposable }),
  env: withFallback('env', { language: 'en', clipboard: { writeText: async () => undefined } }),
};
// esbuild's `__toESM(require('vscode'))` copies own keys and keeps the prototype: anything not
// modelled above falls through to a fake on the prototype chain.
const vscode = Object.setPrototypeOf(vscodeStandIn, new Proxy({}, { get: (_t, p) => (typeof p === 'string' ? fake(`vscode.${p}`) : undefined) }));

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

const t0 = performance.now();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const extension = require(bundle) as { activate(context: unknown): unknown; deactivate?(): void };
const t1 = performance.now();
const functionsAtLoad = functionsBuilt;
extension.activate(context);
const t2 = performance.now();
const functionsAtActivate = functionsBuilt - functionsAtLoad;
const ajvLoaded = Object.keys(require.cache).some((k) => /[\\/]ajv[\\/]/.test(k));
const result = { loadMs: t1 - t0, activateMs: t2 - t1, totalMs: t2 - t0, functionsAtLoad, functionsAtActivate, ajvLoaded, subscriptions: context.subscriptions.length };
for (const d of context.subscriptions) {
  try {
    d.dispose();
  } catch {
    // a stand-in may not dispose cleanly
  }
}
process.stdout.write(JSON.stringify(result) + '\n');
process.exit(0);
