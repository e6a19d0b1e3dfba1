// What a plan asks git: the work tree a folder is in, the files it holds that git does not ignore,
// a file's text at a revision, and the files deleted or renamed since then. Every call runs the
// `git` program with arguments (never a shell) and reads its output as bytes.
import { execFile } from 'node:child_process';

/** Output of a `git` run, or undefined when it exited with an error. */
async function git(cwd: string, args: readonly string[]): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    execFile('git', [...args], { cwd, encoding: 'buffer', maxBuffer: 512 * 1024 * 1024, windowsHide: true }, (error, stdout) =>
      resolve(error === null ? stdout : undefined),
    );
  });
}

/** The top folder of the work tree `dir` is in, or undefined outside one (or without git). */
export async function workTreeOf(dir: string): Promise<string | undefined> {
  const out = await git(dir, ['rev-parse', '--show-toplevel']);
  return out === undefined ? undefined : out.toString('utf8').trim();
}

/** The files under `dir` (paths relative to it) that are tracked, or untracked and not ignored. */
export async function filesUnder(dir: string): Promise<string[]> {
  const out = await git(dir, ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', '.']);
  return out === undefined ? [] : [...new Set(out.toString('utf8').split('\0').filter(Boolean))];
}

/** The commit `ref` names, or undefined when it names none. */
export async function commitOf(top: string, ref: string): Promise<string | undefined> {
  const out = await git(top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  return out === undefined ? undefined : out.toString('utf8').trim();
}

/** A file at a commit: its bytes, `absent` when the commit has no such file, `unreadable` otherwise. */
export async function fileAt(top: string, commit: string, path: string): Promise<Buffer | 'absent' | 'unreadable'> {
  const spec = `${commit}:${path}`;
  if ((await git(top, ['cat-file', '-e', spec])) === undefined) return 'absent';
  return (await git(top, ['cat-file', 'blob', spec])) ?? 'unreadable';
}

/** Paths (relative to the work tree's top) deleted since `commit`, and those renamed (their new paths). */
export async function deletedAndRenamed(top: string, commit: string): Promise<{ deleted: string[]; renamed: Set<string> }> {
  // The work tree, uncommitted changes and new files included, against the commit.
  const out = await git(top, ['diff', '--name-status', '-z', '-M', commit, '--']);
  const deleted: string[] = [];
  const renamed = new Set<string>();
  const fields = out === undefined ? [] : out.toString('utf8').split('\0');
  for (let i = 0; i < fields.length;) {
    const status = fields[i++] ?? '';
    if (status.startsWith('R') || status.startsWith('C')) {
      i++; // the old path
      renamed.add(fields[i++] ?? '');
    } else if (status === 'D') {
      deleted.push(fields[i++] ?? '');
    } else if (status !== '') {
      i++;
    }
  }
  return { deleted, renamed };
}

/** The branches, local then remote (`origin/main`), without the one checked out and without remote `HEAD`s. */
export async function branchesOf(top: string): Promise<string[]> {
  const current = (await git(top, ['branch', '--show-current']))?.toString('utf8').trim();
  const out = await git(top, ['for-each-ref', '--format=%(refname)', 'refs/heads', 'refs/remotes']);
  const refs = out === undefined ? [] : out.toString('utf8').split('\n').filter(Boolean);
  return refs
    .filter((ref) => !(ref.startsWith('refs/remotes/') && ref.endsWith('/HEAD')))
    .map((ref) => ref.replace(/^refs\/(heads|remotes)\//, ''))
    .filter((name) => name !== current);
}

/** The commit where `HEAD` and `ref` last met (where a branch left `ref`), or undefined without one. */
export async function mergeBaseOf(top: string, ref: string): Promise<string | undefined> {
  const out = await git(top, ['merge-base', 'HEAD', '--end-of-options', ref]);
  return out === undefined ? undefined : out.toString('utf8').trim();
}
