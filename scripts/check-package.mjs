// What ships, checked offline in bounded time (part of `npm run lint`):
//  1. the shipped dependencies (package.json `dependencies` and everything they pull in):
//     `npm audit --omit=dev` when the registry answers audits; otherwise (no network, or a registry
//     or mirror without the audit endpoint) an offline check of package-lock.json: every shipped
//     package comes from registry.npmjs.org with an integrity hash, and none is in
//     scripts/known-advisories.json. It prints which mode ran.
//  2. the .vsix (scripts/package.mjs): no tests, no sources, no node_modules (the bundles hold the
//     dependencies), no source map with an absolute path, and no dist/cli.js unless the extension's
//     bundles use it; every page of docs/codes/ (the diagnostics link to them) is in it. The
//     development bundles are built again after it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import yauzl from 'yauzl';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REGISTRY = 'https://registry.npmjs.org/';
const AUDIT_TIMEOUT_MS = 20_000;
const PACKAGE_TIMEOUT_MS = 180_000;
const problems = [];

// ---- 1. dependencies ---------------------------------------------------------------------------

function onlineAudit() {
  const r = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: ROOT, encoding: 'utf8', timeout: AUDIT_TIMEOUT_MS });
  let report;
  try {
    report = JSON.parse(r.stdout);
  } catch {
    return { answered: false, why: r.error ? r.error.message : `npm audit exited ${r.status} without a report` };
  }
  if (!report.vulnerabilities || report.error) {
    return { answered: false, why: report.error?.summary || report.message || `npm audit exited ${r.status}` };
  }
  for (const [name, v] of Object.entries(report.vulnerabilities)) problems.push(`dependency ${name}: ${v.severity} vulnerability (${v.range})`);
  return { answered: true, count: Object.keys(report.vulnerabilities).length };
}

/** Locations in package-lock.json of the packages reachable from the root's `dependencies`. */
function shippedPackages(lock) {
  const packages = lock.packages ?? {};
  const resolve = (from, name) => {
    for (let dir = from; ; dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : '') {
      const at = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (packages[at]) return at;
      if (!dir) return undefined;
    }
  };
  const seen = new Set();
  const queue = Object.keys(packages['']?.dependencies ?? {}).map((name) => ['', name]);
  while (queue.length > 0) {
    const [from, name] = queue.shift();
    const at = resolve(from, name);
    if (!at) {
      problems.push(`dependency ${name} (needed by ${from || 'the package'}) is not in package-lock.json`);
      continue;
    }
    if (seen.has(at)) continue;
    seen.add(at);
    const entry = packages[at];
    for (const dep of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) {
      if (entry.peerDependencies?.[dep] && entry.peerDependenciesMeta?.[dep]?.optional && !resolve(at, dep)) continue;
      queue.push([at, dep]);
    }
  }
  return [...seen].map((at) => ({ at, name: at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length), entry: packages[at] }));
}

function offlineAudit() {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const { advisories = [] } = JSON.parse(readFileSync(path.join(ROOT, 'scripts', 'known-advisories.json'), 'utf8'));
  const shipped = shippedPackages(lock);
  let withoutResolved = 0;
  for (const { at, name, entry } of shipped) {
    if (entry.link) continue;
    // npm leaves `resolved` out of the lock when it is the default registry (omit-lockfile-registry-resolved).
    if (entry.resolved === undefined) withoutResolved++;
    else if (!entry.resolved.startsWith(REGISTRY)) problems.push(`${at}: resolved from ${entry.resolved}, not ${REGISTRY}`);
    if (!/^sha(512|384|256)-/.test(entry.integrity ?? '')) problems.push(`${at}: no sha-2 integrity hash in package-lock.json`);
    for (const a of advisories) {
      if (a.name === name && (a.versions.includes('*') || a.versions.includes(entry.version))) {
        problems.push(`${at}@${entry.version}: known advisory ${a.id}: ${a.summary}`);
      }
    }
  }
  const npmrc = path.join(ROOT, '.npmrc');
  if (existsSync(npmrc) && /registry\s*=/.test(readFileSync(npmrc, 'utf8')) && !readFileSync(npmrc, 'utf8').includes(REGISTRY)) {
    problems.push(`.npmrc points npm at a registry other than ${REGISTRY}`);
  }
  return { count: shipped.length, withoutResolved, advisories: advisories.length };
}

const online = process.argv.includes('--offline') ? { answered: false, why: '--offline' } : onlineAudit();
if (online.answered) {
  console.log(`check-package: dependencies: npm audit --omit=dev (online): ${online.count} vulnerable package(s)`);
} else {
  const r = offlineAudit();
  console.log(
    `check-package: dependencies: offline lockfile check (npm audit unavailable: ${online.why}): ${r.count} shipped packages, ` +
      `integrity and registry checked (${r.withoutResolved} without \`resolved\`, i.e. the default registry), ${r.advisories} known advisories listed`,
  );
}

// ---- 2. the .vsix ------------------------------------------------------------------------------

function readZip(file) {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`cannot open ${file}`));
      const entries = new Map();
      zip.on('entry', (entry) => {
        if (!entry.fileName.endsWith('.map')) {
          entries.set(entry.fileName, undefined);
          return zip.readEntry();
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks = [];
          stream.on('data', (c) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const dir = mkdtempSync(path.join(tmpdir(), 'check-package-'));
try {
  const vsix = path.join(dir, 'scan-target-settings.vsix');
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'package.mjs'), vsix], { cwd: ROOT, stdio: 'pipe', timeout: PACKAGE_TIMEOUT_MS });
  const entries = await readZip(vsix);
  const shipped = [...entries.keys()].filter((n) => n.startsWith('extension/')).map((n) => n.slice('extension/'.length));
  const bundle = ['dist/extension.js', 'dist/network.js', 'dist/repository.js', 'dist/server.js']
    .map((f) => path.join(ROOT, f))
    .filter(existsSync)
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const usesCli = /\bcli\.js\b/.test(bundle);
  for (const name of shipped) {
    if (/^(src|test|out|scripts|bench|\.vscode-test)\//.test(name)) problems.push(`.vsix ships ${name}: sources, tests and build output stay out`);
    else if (/(^|\/)(tests?|__tests__)\//.test(name) || /\.(test|spec)\.[cm]?[jt]s$/.test(name)) problems.push(`.vsix ships a test file: ${name}`);
    else if (/\.ts$/.test(name) && !name.endsWith('.d.ts')) problems.push(`.vsix ships a TypeScript source: ${name}`);
    // The bundles hold every dependency (vsce --no-dependencies): nothing of node_modules is needed.
    if (/(^|\/)node_modules\//.test(name)) problems.push(`.vsix ships ${name}: the bundles hold the dependencies`);
    if (name === 'dist/cli.js' && !usesCli) problems.push('.vsix ships dist/cli.js, which the extension never loads (it starts dist/server.js)');
    if (name.endsWith('.map')) {
      const map = entries.get(`extension/${name}`) ?? '';
      const absolute = /"(\/(?:home|root|work|Users|tmp|var)\/|[A-Za-z]:\\\\|file:\/\/\/)/.exec(map);
      if (absolute) problems.push(`.vsix ships ${name} with an absolute path (${absolute[1]}…)`);
    }
  }
  // Every diagnostic links to the page of its code inside the install: each page must ship.
  const pages = readdirSync(path.join(ROOT, 'docs', 'codes')).filter((f) => f.endsWith('.md'));
  for (const page of pages) if (!shipped.includes(`docs/codes/${page}`)) problems.push(`.vsix lacks docs/codes/${page}, the page its diagnostics link to`);
  console.log(`check-package: .vsix: ${shipped.length} files (${shipped.join(', ')})`);
} finally {
  rmSync(dir, { recursive: true, force: true });
  // Packaging built the minified bundles into dist/ (vscode:prepublish): the development build is
  // put back, so that the editor a developer starts after `npm run lint` runs readable code.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'pipe' });
}

if (problems.length > 0) {
  console.error(`check-package: ${problems.length} problem(s):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('check-package: ok');
