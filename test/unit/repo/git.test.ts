// What the editor's apply asks git for its base picker: the branches to offer and where this
// branch left one of them. In a repository the test makes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { branchesOf, mergeBaseOf, workTreeOf } from '../../../src/repo/git';

test('branches offered: local then remote, not the current one nor a remote HEAD; the merge base is where this branch left the other', async () => {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'scan-targets-git-')));
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, HOME: dir, GIT_CONFIG_NOSYSTEM: '1' } }).trim();
  try {
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'git@example.invalid');
    git('config', 'user.name', 'Git Test');
    const commit = (message: string): string => {
      writeFileSync(path.join(dir, 'f.txt'), message);
      git('add', '-A');
      git('commit', '-q', '-m', message);
      return git('rev-parse', 'HEAD');
    };
    const fork = commit('one');
    git('update-ref', 'refs/remotes/origin/main', 'HEAD');
    git('symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main');
    git('checkout', '-q', '-b', 'feature');
    commit('two');
    git('checkout', '-q', 'main');
    commit('three');
    git('checkout', '-q', 'feature');

    assert.equal(await workTreeOf(dir), dir);
    assert.deepEqual(await branchesOf(dir), ['main', 'origin/main']);
    assert.equal(await mergeBaseOf(dir, 'main'), fork);
    assert.equal(await mergeBaseOf(dir, 'no-such-branch'), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
