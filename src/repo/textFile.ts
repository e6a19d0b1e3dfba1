// Reading a file as the commands and the editor's plan read it: as UTF-8 text, with a clear
// message for everything that is not a readable text file (missing, a directory, no permission, a
// device, binary content, another encoding, too large).
import { promises as fs } from 'node:fs';

/** Larger files are refused rather than read (the editor would not validate them either). */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

export type ReadResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string };

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Reads `path` as UTF-8 text (a byte order mark is dropped, as VS Code does). */
export async function readTextFile(path: string): Promise<ReadResult> {
  let bytes: Buffer;
  try {
    const stat = await fs.stat(path);
    if (stat.isDirectory()) {
      return fail(path, `is a directory. Pass the files themselves, for example "${trimSlash(path)}/*.target-settings.yaml".`);
    }
    if (!stat.isFile() && !stat.isFIFO()) {
      return fail(path, 'is not a regular file (a device or a socket). Pass a target-settings YAML file.');
    }
    if (stat.size > MAX_FILE_BYTES) {
      return fail(path, `is too large to check (${Math.round(stat.size / 1024 / 1024)} MiB; the limit is ${MAX_FILE_BYTES / 1024 / 1024} MiB).`);
    }
    bytes = await fs.readFile(path);
  } catch (err) {
    return fail(path, describeIoError(err));
  }
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return fail(path, 'is UTF-16 encoded. Save it as UTF-8 and run again.');
  }
  if (bytes.includes(0)) {
    return fail(path, 'is not a text file (it contains NUL bytes). Target-settings files are UTF-8 YAML.');
  }
  try {
    return { ok: true, text: decoder.decode(bytes) };
  } catch {
    return fail(path, 'is not valid UTF-8 text. Save it as UTF-8 and run again.');
  }
}

function fail(path: string, what: string): ReadResult {
  return { ok: false, message: `${path}: ${what}` };
}

function trimSlash(path: string): string {
  return path.replace(/[\\/]+$/, '') || path;
}

/** Words for a file-system error, with its code. */
export function describeIoError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file. Check the path (it is relative to the current directory).';
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${code}). Make the file readable by this user.`;
    case 'EISDIR':
      return 'is a directory. Pass the files themselves.';
    case 'ENOTDIR':
      return 'a part of the path is not a directory (ENOTDIR).';
    case 'ELOOP':
      return 'too many symbolic links (ELOOP).';
    default:
      return `cannot be read (${code ?? (err instanceof Error ? err.message : String(err))}).`;
  }
}
