// The command bundles' compiled code, kept between runs of `scan-targets`.
//
// Every run reads and compiles the bundle of its command (dist/cli/validate.js is about 620 KB),
// then compiles each function the run calls for the first time: on `validate` of a 3-line file
// that is most of what the run costs beyond starting Node. V8 can hand its compiled code back as
// bytes ("code cache") and take them on a later compile of the same text. Taken at the end of a
// run, they hold the functions that run compiled too, not only the bundle's top level (which is
// all a cache taken when the file is first compiled holds, as the v8-compile-cache package takes
// it).
//
// Where Node keeps such a cache itself (`module.enableCompileCache`, Node 22.1 and later), it is
// asked to. Node 20 has no such thing: there, a command bundle is compiled here, with the bytes of
// the last run when they are for this very file. NODE_DISABLE_COMPILE_CACHE=1 turns both off, as it
// does Node's own.
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

/** Keeps the compiled code of the scripts in `bundleDir` (dist/cli/) between runs. */
export function cacheCompiledCode(bundleDir: string, env: NodeJS.ProcessEnv = process.env): void {
  if (env.NODE_DISABLE_COMPILE_CACHE) return;
  const dir = cacheDir(env);
  if (dir === undefined) return;
  const enableCompileCache = (Module as unknown as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  if (typeof enableCompileCache === 'function') {
    enableCompileCache(dir);
    return;
  }
  const prototype = Module.prototype as unknown as NodeModule;
  const compile = prototype._compile;
  const inBundle = path.resolve(bundleDir) + path.sep;
  prototype._compile = function (this: NodeModule, content: string, filename: string): unknown {
    return filename.startsWith(inBundle) ? compileCached(this, content, filename, dir) : compile.call(this, content, filename);
  };
}

/** What Node's own `_compile` does for a CommonJS file, with V8's code cache taken and given. */
function compileCached(module: NodeModule, content: string, filename: string, dir: string): unknown {
  const file = path.join(dir, `${path.basename(filename, '.js')}-${hashOf(filename)}.bin`);
  const stamp = stampOf(filename);
  const cachedData = readCache(file, stamp);
  // An `import()` in the bundle resolves as it would in a file Node loads itself.
  const script = new vm.Script(Module.wrap(content), { filename, cachedData, importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER });
  if (cachedData === undefined || script.cachedDataRejected === true) {
    // At the end of the run, when the functions it called are compiled too.
    process.once('exit', () => {
      writeAtomically(file, Buffer.concat([Buffer.from(`${stamp}\n`), script.createCachedData()]));
      pruneUnused(dir);
    });
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
