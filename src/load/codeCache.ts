// The bundles' compiled code, kept between runs: of each `scan-targets` command, of the extension
// and of its language server.
//
// Every run reads and compiles the bundle it runs (dist/cli/validate.js is about 620 KB,
// dist/extension.js 1.2 MB), then compiles each function it calls for the first time: on `validate`
// of a 3-line file that is most of what the run costs beyond starting Node, and half of the
// extension's activation. V8 can hand its compiled code back as bytes ("code cache") and take them
// on a later compile of the same text. Taken once the run has gone on a while (at its end for the
// command line), they hold the functions that run compiled too, not only the bundle's top level
// (which is all a cache taken when the file is first compiled holds, as the v8-compile-cache
// package takes it).
//
// Where Node keeps such a cache itself (`module.enableCompileCache`, Node 22.1 and later), the
// command line asks it to (its process is its own). Node 20 has no such thing, and the extension
// host is shared with other extensions, whose loading is not ours to change: there a bundle is
// compiled here, with the bytes of the last run when they are for this very file.
// NODE_DISABLE_COMPILE_CACHE=1 turns both off, as it does Node's own.
//
// The bytes are code this process runs: they are kept where only this user can write (not in a
// shared temporary folder, where another user could leave some), one file per bundle, which starts
// with the bundle's size and modification time and the package's and Node's versions: V8 itself
// checks only that the bytes are for a text of the same length. A run that writes bytes removes
// those no run has used for 30 days (each folder the package was installed at has its own).
import * as fs from 'fs';
import Module from 'module';
import * as os from 'os';
import * as path from 'path';
import * as vm from 'vm';
import { version } from '../../package.json';

interface NodeModule {
  _compile: (this: NodeModule, content: string, filename: string) => unknown;
  exports: unknown;
}

/** Keeps the compiled code of the scripts in `bundleDir` (dist/cli/) between runs, for the rest of this process. */
export function cacheCompiledCode(bundleDir: string, env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_DISABLE_COMPILE_CACHE) return;
  const dir = cacheDir(env);
  if (dir === undefined) return;
  const enableCompileCache = (Module as unknown as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  if (typeof enableCompileCache === 'function') {
    enableCompileCache(dir);
    return;
  }
  const inBundle = path.resolve(bundleDir) + path.sep;
  compileWith((filename) => (filename.startsWith(inBundle) ? dir : undefined), 'at exit');
}

/**
 * How long a long-running process (the extension host, the language server) runs before it keeps
 * its compiled code: the functions of its start and first answers are compiled by then.
 */
const KEEP_AFTER_MS = 10_000;

/**
 * `require(filename)`, compiled with the bytes kept from the last start (the extension's and the
 * language server's entries, dist/load/). Only that file: in the extension host, every other
 * extension loads as Node would load it.
 */
export function requireWithCodeCache(filename: string, env: NodeJS.ProcessEnv = process.env, keepAfterMs = KEEP_AFTER_MS): unknown {
  const dir = env.NODE_DISABLE_COMPILE_CACHE ? undefined : cacheDir(env);
  const load = Module.createRequire(filename);
  if (dir === undefined) return load(filename);
  // (Node compiles the file inside this synchronous call, and nothing else runs meanwhile.)
  const restore = compileWith((file) => (file === filename ? dir : undefined), keepAfterMs);
  try {
    return load(filename);
  } finally {
    restore();
  }
}

/**
 * Has Node compile each CommonJS file for which `cacheFor` names a folder with the bytes kept there;
 * the new bytes of a file are kept when the process exits, or after `keepAfterMs`, whichever comes
 * first. Returns what puts Node's own compile back.
 */
function compileWith(cacheFor: (filename: string) => string | undefined, keepAfterMs: number | 'at exit'): () => void {
  const prototype = Module.prototype as unknown as NodeModule;
  const compile = prototype._compile;
  prototype._compile = function (this: NodeModule, content: string, filename: string): unknown {
    const dir = cacheFor(filename);
    return dir === undefined ? compile.call(this, content, filename) : compileCached(this, content, filename, dir, keepAfterMs);
  };
  return () => {
    prototype._compile = compile;
  };
}

/** What Node's own `_compile` does for a CommonJS file, with V8's code cache taken and given. */
function compileCached(module: NodeModule, content: string, filename: string, dir: string, keepAfterMs: number | 'at exit'): unknown {
  const file = path.join(dir, `${path.basename(filename, '.js')}-${hashOf(filename)}.bin`);
  const stamp = stampOf(filename);
  const cachedData = readCache(file, stamp);
  // An `import()` in the bundle resolves as it would in a file Node loads itself.
  const script = new vm.Script(Module.wrap(content), { filename, cachedData, importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  if (cachedData === undefined || script.cachedDataRejected === true) {
    let kept = false;
    const keep = (): void => {
      if (kept) return;
      kept = true;
      writeAtomically(file, Buffer.concat([Buffer.from(`${stamp}\n`), script.createCachedData()]));
      pruneUnused(dir);
    };
    process.once('exit', keep);
    if (keepAfterMs !== 'at exit') setTimeout(keep, keepAfterMs).unref();
  } else {
    markUsed(file);
  }
  const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
  const require = Module.createRequire(filename);
  return wrapper.call(module.exports, module.exports, require, module, filename, path.dirname(filename));
}

/** The user's own cache folder (XDG_CACHE_HOME, ~/Library/Caches, %LOCALAPPDATA%, ~/.cache). */
function cacheDir(env: NodeJS.ProcessEnv): string | undefined {
  const home = os.homedir();
  // A relative XDG_CACHE_HOME is ignored, as the XDG spec says.
  const xdg = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : undefined;
  const base =
    xdg ??
    (process.platform === 'win32'
      ? env.LOCALAPPDATA
      : process.platform === 'darwin' && home
        ? path.join(home, 'Library', 'Caches')
        : home && path.join(home, '.cache'));
  if (!base) return undefined;
  const dir = path.join(base, 'scan-targets', 'code-cache');
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    return ownedByUser(dir) ? dir : undefined;
  } catch {
    return undefined; // no cache: the run compiles as usual
  }
}

/** Whether only this user can write in `dir` (on Windows, the profile folder's own permissions apply). */
function ownedByUser(dir: string): boolean {
  if (process.getuid === undefined) return true;
  const stat = fs.statSync(dir);
  return stat.uid === process.getuid() && (stat.mode & 0o022) === 0;
}

/** What the bytes must have been made for: this bundle as it is now, this package, this Node. */
function stampOf(filename: string): string {
  try {
    const stat = fs.statSync(filename);
    return `${version} ${process.version} ${process.arch} ${stat.size} ${stat.mtimeMs}`;
  } catch {
    return '';
  }
}

/** The cached bytes in `file`, when they were made for `stamp`. */
function readCache(file: string, stamp: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const lineEnd = bytes.indexOf(0x0a);
  return stamp !== '' && lineEnd !== -1 && bytes.toString('latin1', 0, lineEnd) === stamp ? bytes.subarray(lineEnd + 1) : undefined;
}

/**
 * Kept bytes no run has used for this long are removed: each place the package is installed at
 * (every checkout of a CI job, every `npx` folder) has a file of its own, which nothing else ever
 * replaces.
 */
const UNUSED_MS = 30 * 24 * 60 * 60 * 1000;

/** The files this module writes (a bundle's bytes, or one being written), and no other. */
const KEPT_FILE = /^[\w.-]+-[0-9a-f]{8}\.bin(\.\d+\.partial)?$/;

/** A run that used the bytes in `file` says so (at most once a day: a run mostly only reads them). */
function markUsed(file: string): void {
  try {
    const now = Date.now();
    if (now - fs.statSync(file).mtimeMs > UNUSED_MS / 30) fs.utimesSync(file, new Date(now), new Date(now));
  } catch {
    // not marked: at worst the bytes are made again after a month
  }
}

/** Removes the files of `dir` this module wrote that no run has used for {@link UNUSED_MS}. */
function pruneUnused(dir: string): void {
  const before = Date.now() - UNUSED_MS;
  try {
    for (const name of fs.readdirSync(dir)) {
      if (!KEPT_FILE.test(name)) continue;
      const file = path.join(dir, name);
      if (fs.statSync(file).mtimeMs < before) fs.rmSync(file, { force: true });
    }
  } catch {
    // left for the next run that writes
  }
}

/** A short name for a path (FNV-1a): a file per bundle, whatever the length of its path. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Written beside, then renamed: two runs at once never leave half a file. Failing to write is no error. */
function writeAtomically(file: string, bytes: Buffer): void {
  const partial = `${file}.${process.pid}.partial`;
  try {
    fs.writeFileSync(partial, bytes, { mode: 0o600 });
    fs.renameSync(partial, file);
  } catch {
    fs.rmSync(partial, { force: true });
  }
}
