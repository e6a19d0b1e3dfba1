// The layers of src/ and the arrows allowed between them (drawn in ARCHITECTURE.md). Run by
// `npm run lint`. Type-only imports count: a layer that names another's types depends on it.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-is-pure',
      comment: 'core/ imports no other layer of src/: every rule in it is testable with plain node --test.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(?!core/)' },
    },
    {
      name: 'api-uses-core-only',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/(?!(api|core)/)' },
    },
    {
      name: 'sandbox-uses-core-and-api',
      severity: 'error',
      from: { path: '^src/sandbox/' },
      to: { path: '^src/(?!(sandbox|core|api)/)' },
    },
    {
      name: 'server-uses-core-and-api',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(?!(server|core|api)/)' },
    },
    {
      name: 'repo-uses-core',
      comment: 'repo/ reads the disk and git (Node only) for a plan; what it finds is parsed elsewhere.',
      severity: 'error',
      from: { path: '^src/repo/' },
      to: { path: '^src/(?!(repo|core)/)' },
    },
    {
      name: 'editor-uses-core-api-repo-and-the-server-protocol',
      comment:
        'The editor talks to the server through its protocol types only; the HTTP client and the sandbox come in the network bundle (src/network.ts), the reading of a repository in the repository bundle (src/repository.ts), each loaded on first use.',
      severity: 'error',
      from: { path: '^src/editor/' },
      to: { path: '^src/(?!(editor|core|api|repo)/|server/protocol\\.ts$|network\\.ts$|repository\\.ts$)' },
    },
    {
      name: 'web-uses-editor-core-and-api',
      comment: 'src/web/ is the browser entry: the editor with a browser host (fetch, a Worker); nothing that needs Node.',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/(?!(web|editor|core|api)/)' },
    },
    {
      name: 'load-uses-nothing-but-the-server-flags',
      comment:
        "src/load/ loads the built bundles (by path, at run time) with their kept compiled code: it imports none of their sources, only the server's V8 flags, set before its bundle is compiled.",
      severity: 'error',
      from: { path: '^src/load/' },
      to: { path: '^src/(?!load/|server/v8Flags\\.ts$)' },
    },
    {
      name: 'entries-are-not-imported',
      comment: 'extension.ts, network.ts and repository.ts are bundle entries; only the editor loads network.ts and repository.ts (lazily).',
      severity: 'error',
      from: { path: '^src/(?!editor/)' },
      to: { path: '^src/(extension|network|repository)\\.ts$' },
    },
    {
      name: 'no-circular',
      comment:
        "editor/network.ts and editor/repository.ts require() the built bundles by the names './network.js' and './repository.js', which resolve to themselves here.",
      severity: 'error',
      from: { pathNot: '^src/editor/(network|repository)\\.ts$' },
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/core/schema/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
