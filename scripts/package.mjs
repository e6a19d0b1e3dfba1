// `npm run package`: the .vsix, built offline with vsce (no dependencies: the bundle has them).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './vscode-host.mjs';

// An output path may be given (the packaging test writes to a temporary folder).
const out = path.resolve(process.argv[2] ?? path.join(REPO_ROOT, 'dist-vsix', 'scan-target-settings.vsix'));
mkdirSync(path.dirname(out), { recursive: true });
// README images stay relative: they ship in the .vsix (media/screenshots) and VS Code resolves them there.
const args = ['package', '--no-dependencies', '--no-rewrite-relative-links', '--out', out];
execFileSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'vsce'), args, { cwd: REPO_ROOT, stdio: 'inherit' });
