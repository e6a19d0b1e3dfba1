// First step of `npm test` and `npm start`: installs the npm dependencies when they are missing or
// older than package-lock.json. Uses only Node's built-ins, so it runs on a fresh clone.
// (The real VS Code used by the integration tests installs itself on first use:
// scripts/install-vscode-host.sh, called by the launchers.)
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');

const stale = !existsSync(installed) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(installed).mtimeMs);
if (stale) {
  const command = existsSync(lock) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund';
  console.log(`ensure-install: ${command}`);
  execSync(command, { cwd: root, stdio: 'inherit' });
}
