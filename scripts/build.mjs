// Bundles the extension and the command line with esbuild.
// dist/extension.js: CommonJS for VS Code's extension host, `vscode` left external.
// dist/server.js: the language server the extension starts.
// dist/load/extension.js and dist/load/server.js: what VS Code loads (package.json `main`) and the
// extension starts: each of the two above, compiled with the code V8 kept from the last start.
// dist/cli.js: the `scan-targets` program, with a shebang: only the dispatch; each command is a
// bundle of its own, dist/cli/<name>.js, required when it runs (src/cli/commands/index.ts), and so
// is the check of `validate --entitlements FILE` (CLI_APART).
// dist/web/extension.js and dist/web/server.js: the extension in a browser and its language server
// in a Worker, built for the browser platform: a Node built-in they import fails the build, and the
// bundle test refuses a Node global in them.
// Options: --production (minified, no source maps), --watch, --outdir DIR (instead of dist/, for the
// bench and the bundle test), --metafile (writes what each bundle contains beside it, as JSON).
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as esbuild from 'esbuild';
import { generateValidators } from './generate-validators.mjs';

const { values: flags } = parseArgs({
  options: { watch: { type: 'boolean' }, production: { type: 'boolean' }, outdir: { type: 'string' }, metafile: { type: 'boolean' } },
});
const { watch, production } = flags;
const outdir = flags.outdir ?? 'dist';

// The JSON-Schema validators are code generated from the schemas (src/core/schema/generated/),
// imported by the bundles: generate them first.
await generateValidators();

/**
 * The `yaml` package's parser reads `process.env.LOG_TOKENS` for every token, and its composer
 * `process.env.LOG_STREAM` for every document (debug logging): each read of `process.env` is a
 * call into Node's C++ (about 160 ns), 13% of the parse of a file of 1,000 documents with their
 * settings. Bundled, they read `false`. The build fails if the package no longer has them, so that
 * a new version of `yaml` is looked at again. (Its browser build has no such reads.)
 */
const YAML_ENV_READS = [
  { file: /[\\/]node_modules[\\/]yaml[\\/]dist[\\/]parse[\\/]parser\.js$/, read: 'node_process.env.LOG_TOKENS' },
  { file: /[\\/]node_modules[\\/]yaml[\\/]dist[\\/]compose[\\/]composer\.js$/, read: 'node_process.env.LOG_STREAM' },
];
const yamlWithoutEnvReads = {
  name: 'yaml-without-env-reads',
  setup(build) {
    for (const { file, read } of YAML_ENV_READS) {
      build.onLoad({ filter: file }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes(read)) throw new Error(`${args.path} no longer reads ${read}: see YAML_ENV_READS in scripts/build.mjs`);
        return { contents: source.replaceAll(read, 'false'), loader: 'js' };
      });
    }
  },
};

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
  metafile: flags.metafile,
  plugins: [yamlWithoutEnvReads],
};

/** The command modules src/cli/commands/index.ts requires, by file name (without `.js`). */
const CLI_COMMANDS = ['validate', 'plan', 'apply', 'bulkUpdate', 'entitlements', 'sandbox', 'lsp'];

/**
 * What the command line requires apart, each a bundle of its own in dist/cli/: the file that
 * requires it, the path it names there, and that path from where its own bundle lies.
 */
const CLI_APART = [
  ...CLI_COMMANDS.map((name) => ({ importer: 'src/cli/commands/index.ts', request: `./${name}.js`, external: `./cli/${name}.js` })),
  // `validate --entitlements FILE` only: the record's check carries its schema and validator (about a quarter of the validate bundle).
  { importer: 'src/cli/commands/validate.ts', request: '../entitlementsFile.js', external: './entitlementsFile.js' },
];

/** Leaves each of CLI_APART out of the bundle that requires it: the `require` loads its own bundle. */
const cliApart = {
  name: 'cli-apart',
  setup(build) {
    const filter = new RegExp(`^(${CLI_APART.map((a) => a.request.replace(/[./]/g, '\\$&')).join('|')})$`);
    build.onResolve({ filter }, (args) => {
      const importer = path.relative(process.cwd(), args.importer).split(path.sep).join('/');
      const apart = CLI_APART.find((a) => a.importer === importer && a.request === args.path);
      return apart && { path: apart.external, external: true };
    });
  },
};

const builds = [
  // dist/network.js and dist/repository.js are loaded on first use (src/editor/network.ts,
  // src/editor/repository.ts), not bundled into the extension.
  { ...common, entryPoints: ['src/extension.ts'], outfile: path.join(outdir, 'extension.js'), external: ['vscode', './network.js', './repository.js'] },
  { ...common, entryPoints: ['src/network.ts'], outfile: path.join(outdir, 'network.js') },
  { ...common, entryPoints: ['src/repository.ts'], outfile: path.join(outdir, 'repository.js') },
  // The language server (a process of its own) owns parsing, validation and editing assistance.
  { ...common, entryPoints: ['src/server/main.ts'], outfile: path.join(outdir, 'server.js') },
  // What VS Code loads and the extension starts: the two bundles above, compiled with the code V8
  // kept from the last start (src/load/codeCache.ts).
  { ...common, entryPoints: ['src/load/extension.ts'], outfile: path.join(outdir, 'load', 'extension.js'), external: ['vscode'] },
  { ...common, entryPoints: ['src/load/server.ts'], outfile: path.join(outdir, 'load', 'server.js') },
  {
    ...common,
    entryPoints: ['src/cli/main.ts'],
    outfile: path.join(outdir, 'cli.js'),
    banner: { js: '#!/usr/bin/env node' },
    plugins: [...common.plugins, cliApart],
  },
  ...CLI_COMMANDS.map((name) => ({
    ...common,
    entryPoints: [`src/cli/commands/${name}.ts`],
    outfile: path.join(outdir, 'cli', `${name}.js`),
    plugins: [...common.plugins, cliApart],
  })),
  { ...common, entryPoints: ['src/cli/entitlementsFile.ts'], outfile: path.join(outdir, 'cli', 'entitlementsFile.js') },
];

/** The browser build: what it imports resolves to the packages' browser entries, and Node's modules do not resolve at all. */
const browser = { ...common, platform: 'browser', target: 'es2022', mainFields: ['browser', 'module', 'main'] };
builds.push(
  { ...browser, entryPoints: ['src/web/extension.ts'], outfile: path.join(outdir, 'web', 'extension.js'), external: ['vscode'] },
  { ...browser, format: 'iife', entryPoints: ['src/server/browserMain.ts'], outfile: path.join(outdir, 'web', 'server.js') },
);

if (watch) {
  for (const options of builds) {
    const context = await esbuild.context(options);
    await context.watch();
  }
} else {
  const results = await Promise.all(builds.map((options) => esbuild.build(options)));
  if (flags.metafile) {
    builds.forEach((options, i) => writeFileSync(`${options.outfile}.meta.json`, JSON.stringify(results[i].metafile)));
  }
}
