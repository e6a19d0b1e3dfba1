// Bundles the extension and the command line with esbuild.
// dist/extension.js: CommonJS for VS Code's extension host, `vscode` left external.
// dist/cli.js: the `scan-targets` program, with a shebang.
import * as esbuild from 'esbuild';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'info',
  // Schemas are imported as JSON so the bundle never reads them from disk at activation.
  loader: { '.json': 'json' },
};

const builds = [
  // dist/network.js is loaded on first use (src/editor/network.ts), not bundled into the extension.
  { ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode', './network.js'] },
  { ...common, entryPoints: ['src/network.ts'], outfile: 'dist/network.js' },
  // The language worker runs parsing and validation off the extension host's thread.
  { ...common, entryPoints: ['src/editor/worker/workerMain.ts'], outfile: 'dist/worker.js' },
  { ...common, entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
];

if (watch) {
  for (const options of builds) {
    const context = await esbuild.context(options);
    await context.watch();
  }
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
