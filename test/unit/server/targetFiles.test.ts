// Which documents the language server treats as target-settings files: the `scanTargets.files`
// globs (absolute, or relative to a workspace folder) or the schema modeline; what it found of a
// uri holds until the globs or the folders change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TargetFiles } from '../../../src/server/targetFiles';

const GLOBS = ['**/*.target-settings.yaml', 'targets/*.yml'];
const MODELINE = '# yaml-language-server: $schema=../schemas/target-settings.schema.json\nids: [a]\n';

test('a path matches a glob as it is or relative to a workspace folder; other files only with the modeline', () => {
  const targets = new TargetFiles(GLOBS, ['file:///work/repo']);
  assert.equal(targets.matches('file:///work/repo/shop.target-settings.yaml', 'ids: [a]\n'), true);
  assert.equal(targets.matches('file:///work/repo/.hidden/shop.target-settings.yaml', ''), true);
  assert.equal(targets.matches('file:///work/repo/targets/shop.yml', ''), true, 'relative to the folder');
  assert.equal(targets.matches('file:///elsewhere/targets/shop.yml', ''), false, 'outside the folder');
  assert.equal(targets.matches('file:///work/repo/other.yaml', 'ids: [a]\n'), false);
  assert.equal(targets.matches('file:///work/repo/other.yaml', MODELINE), true, 'the modeline');
});

test('new globs or folders are what a uri is matched against from then on, a uri asked about before included', () => {
  const targets = new TargetFiles(GLOBS);
  const uri = 'file:///work/repo/targets/shop.yml';
  assert.equal(targets.matches(uri, ''), false, 'no folder: the glob is relative');
  targets.update(GLOBS, ['file:///work/repo/']);
  assert.equal(targets.matches(uri, ''), true, 'the folder given');
  targets.update(['**/*.target-settings.yaml']);
  assert.equal(targets.matches(uri, ''), false, 'the glob taken out');
  targets.update(['**/*.yml']);
  targets.forget(uri);
  assert.equal(targets.matches(uri, ''), true);
});
