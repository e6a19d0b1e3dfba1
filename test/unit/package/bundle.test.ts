// What each bundle contains (esbuild's metafile): activation loads dist/extension.js only, so the
// YAML parser, Ajv, undici, the sandbox and the language itself must stay out of it: the language
// server (dist/server.js) runs in a process of its own, the network and repository bundles load when
// first needed.
// The command line's dist/cli.js only dispatches: each command is a bundle of its own, and
// `validate` (every CI step and pre-commit hook) carries no HTTP client, sandbox or language server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../../..');

interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
}

let built: string | undefined;

/** One build with metafiles for every test of this file (removed when the process exits). */
function buildWithMetafiles(): string {
  if (built !== undefined) return built;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundles-'));
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--outdir', dir, '--metafile'], { cwd: root, stdio: 'pipe' });
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  built = dir;
  return dir;
}

function metafileOf(dir: string, bundle: string): Metafile {
  return JSON.parse(fs.readFileSync(path.join(dir, `${bundle}.meta.json`), 'utf8')) as Metafile;
}

function inputsOf(dir: string, bundle: string): string[] {
  return Object.keys(metafileOf(dir, bundle).inputs);
}

/** What a bundle leaves to be loaded at run time, each once. */
function externalsOf(dir: string, bundle: string): string[] {
  const imports = Object.values(metafileOf(dir, bundle).outputs).flatMap((output) => output.imports);
  return [...new Set(imports.filter((i) => i.external).map((i) => i.path))];
}

const HEAVY =
  /^node_modules\/(yaml|ajv|ajv-formats|undici|vscode-languageserver)\/|^src\/(api|sandbox|repo|core\/(yaml|validation))\/|^src\/server\/(?!(protocol|v8Flags)\.ts$)/;

test('the extension bundle leaves the language to the server bundle, undici and the sandbox to the network bundle, and git and the file search to the repository bundle', () => {
  const dir = buildWithMetafiles();
  {
    const extension = inputsOf(dir, 'extension.js');
    assert.ok(extension.includes('src/extension.ts'));
    assert.deepEqual(
      extension.filter((input) => HEAVY.test(input)),
      [],
    );
    // The network and repository bundles are required by name at run time, next to the extension bundle.
    assert.match(fs.readFileSync(path.join(dir, 'extension.js'), 'utf8'), /require\("\.\/network\.js"\)/);
    assert.match(fs.readFileSync(path.join(dir, 'extension.js'), 'utf8'), /require\("\.\/repository\.js"\)/);
    const repository = inputsOf(dir, 'repository.js');
    assert.ok(repository.some((input) => input.startsWith('node_modules/minimatch/')));
    assert.ok(repository.includes('src/repo/git.ts'));

    const network = inputsOf(dir, 'network.js');
    assert.ok(network.some((input) => input.startsWith('node_modules/undici/')));
    assert.ok(network.some((input) => input.startsWith('src/sandbox/')));
    // What VS Code loads and the extension starts hold only the loader: each bundle is required by path at run time.
    for (const main of ['load/extension.js', 'load/server.js']) {
      assert.deepEqual(
        inputsOf(dir, main).filter((input) => !/^src\/load\/|^src\/server\/v8Flags\.ts$|^package\.json$/.test(input)),
        [],
        main,
      );
    }
    const server = inputsOf(dir, 'server.js');
    assert.ok(server.some((input) => input.startsWith('node_modules/yaml/')));
    assert.ok(server.some((input) => input.startsWith('node_modules/vscode-languageserver/')));
    assert.ok(server.includes('src/server/server.ts'));
  }
});

const COMMAND_BUNDLES = ['validate', 'plan', 'apply', 'bulkUpdate', 'entitlements', 'sandbox', 'lsp'];

test('dist/cli.js only dispatches; each command is a bundle of its own, and validate loads no network, sandbox, language server or entitlements check', () => {
  const dir = buildWithMetafiles();
  const cli = inputsOf(dir, 'cli.js');
  assert.ok(cli.includes('src/cli/main.ts'));
  assert.deepEqual(
    cli.filter((input) => HEAVY.test(input) || /^src\/cli\/commands\/(?!index\.ts$)/.test(input)),
    [],
  );
  const dispatch = fs.readFileSync(path.join(dir, 'cli.js'), 'utf8');
  for (const name of COMMAND_BUNDLES) {
    assert.match(dispatch, new RegExp(`require\\("\\./cli/${name}\\.js"\\)`), `dist/cli.js requires dist/cli/${name}.js`);
    assert.ok(inputsOf(dir, `cli/${name}.js`).includes(`src/cli/commands/${name}.ts`));
  }
  const validate = inputsOf(dir, 'cli/validate.js');
  assert.ok(validate.some((input) => input.startsWith('node_modules/yaml/')));
  assert.deepEqual(
    validate.filter((input) => /^node_modules\/(undici|vscode-languageserver|vscode-jsonrpc)\/|^src\/(sandbox|server)\//.test(input)),
    [],
  );
  // The check of an entitlements record (its schema and validator) is read only with --entitlements.
  assert.deepEqual(
    validate.filter((input) =>
      /^schemas\/entitlements\.schema\.json$|^src\/core\/schema\/generated\/entitlements\.ts$|^src\/cli\/entitlementsFile\.ts$/.test(input),
    ),
    [],
  );
  assert.match(fs.readFileSync(path.join(dir, 'cli', 'validate.js'), 'utf8'), /require\("\.\/entitlementsFile\.js"\)/);
  assert.ok(inputsOf(dir, 'cli/entitlementsFile.js').includes('schemas/entitlements.schema.json'));
});

/** What only Node can run: the desktop's loaders and host, undici, the sandbox, git, Node's builds of the LSP libraries. */
const NODE_ONLY =
  /^node_modules\/undici\/|^node_modules\/vscode-(languageclient|languageserver|jsonrpc)\/lib\/node\/|^src\/(sandbox|repo|cli|load)\/|^src\/editor\/(apply\/|network\.ts$|repository\.ts$)|^src\/api\/(transport|tunnel|client)\.ts$|^src\/server\/(main|nodeHost)\.ts$|^src\/(extension|network|repository)\.ts$/;

test('the browser build carries nothing only Node can run, and loads nothing at run time but vscode', () => {
  const dir = buildWithMetafiles();
  const extension = inputsOf(dir, 'web/extension.js');
  assert.ok(extension.includes('src/web/extension.ts'));
  assert.ok(extension.includes('src/api/fetchWire.ts'), 'the network goes through fetch');
  assert.ok(extension.includes('src/editor/activate.ts'), 'the same editor as on the desktop');
  assert.deepEqual(
    extension.filter((input) => NODE_ONLY.test(input)),
    [],
  );
  assert.deepEqual(externalsOf(dir, 'web/extension.js'), ['vscode']);

  const server = inputsOf(dir, 'web/server.js');
  assert.ok(server.includes('src/server/browserMain.ts'));
  assert.ok(server.includes('src/server/server.ts'));
  assert.ok(server.some((input) => input.startsWith('node_modules/yaml/')));
  assert.deepEqual(
    server.filter((input) => NODE_ONLY.test(input)),
    [],
  );
  assert.deepEqual(externalsOf(dir, 'web/server.js'), []);
});

test("the bundles that parse YAML do not read process.env for each of the parser's tokens (scripts/build.mjs)", () => {
  const dir = buildWithMetafiles();
  for (const bundle of ['server.js', 'cli/validate.js', 'cli/lsp.js']) {
    assert.ok(inputsOf(dir, bundle).includes('node_modules/yaml/dist/parse/parser.js'), `${bundle} carries the yaml parser`);
    const code = fs.readFileSync(path.join(dir, bundle), 'utf8');
    assert.doesNotMatch(code, /\.env\.LOG_(TOKENS|STREAM)/, bundle);
  }
});
