// The entitlements view in a real VS Code, against the local sandbox over loopback: the tree is
// read through the extension's exported API (`entitlementsTree()`), the view driven through its
// commands. Each step waits for the refresh it starts (the command resolves when the read is
// done); nothing sleeps for a fixed time.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { startSandbox } from '../../../src/sandbox/server';
import type { Sandbox } from '../../../src/sandbox/types';
import { PROFILES } from '../../../src/sandbox/profiles';
import { FEATURE_FLAGS, INTEGRATION_FLAGS, type EntitlementsRecord } from '../../../src/core/entitlements';
import type { SnapshotNode } from '../../../src/editor/entitlements/view';
import { at } from '../../fixtures/at';
import { CANARY_TOKEN } from '../../fixtures/canary';
import { EXTENSION_ID, codeOf, waitForDiagnostics, workspaceFile } from '../helpers';

interface Api {
  entitlementsTree(): Promise<SnapshotNode[]>;
}

type StateKind = 'unconfigured' | 'loading' | 'loaded' | 'failed';

async function api(): Promise<Api> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, 'extension is loaded');
  const exported = (await extension.activate()) as Partial<Api>;
  assert.strictEqual(typeof exported.entitlementsTree, 'function', 'the extension API exposes entitlementsTree()');
  return exported as Api;
}

function refresh(): Thenable<StateKind> {
  return vscode.commands.executeCommand<StateKind>('scanTargets.refreshEntitlements');
}

/**
 * Refreshes until the tree satisfies `check` (at most `attempts` reads). Changing the base URL or
 * the token starts reads of the extension's own, which may cancel ours or take a one-shot fault
 * meant for ours: `arm` sets the fault again before each read.
 */
async function refreshUntil(check: (tree: SnapshotNode[], kind: StateKind) => boolean, what: string, arm?: () => void, attempts = 5): Promise<SnapshotNode[]> {
  let tree: SnapshotNode[] = [];
  let kind: StateKind = 'unconfigured';
  for (let i = 0; i < attempts; i++) {
    arm?.();
    kind = await refresh();
    tree = await (await api()).entitlementsTree();
    if (check(tree, kind)) return tree;
  }
  assert.fail(`after ${attempts} refreshes, ${what} (last state ${kind}); tree: ${JSON.stringify(tree.map((n) => [n.id, n.label, n.description]))}`);
}

function group(tree: SnapshotNode[], id: string): SnapshotNode {
  const node = tree.find((n) => n.id === id);
  assert.ok(node, `node ${id} in ${JSON.stringify(tree.map((n) => n.id))}`);
  return node;
}

function expectedCounts(record: EntitlementsRecord): Record<string, string> {
  const on = (fields: readonly (keyof EntitlementsRecord)[]): number => fields.filter((f) => record[f] === true).length;
  const packs = record.allowed_credits_packs.length;
  return {
    'group/features': `${on(FEATURE_FLAGS)} of ${FEATURE_FLAGS.length} enabled`,
    'group/integrations': `${on(INTEGRATION_FLAGS)} of ${INTEGRATION_FLAGS.length} enabled`,
    'group/limits': '15 values',
    'group/allowed': '8 lists',
    'group/packs': packs === 0 ? 'none' : packs === 1 ? '1 pack' : `${packs} packs`,
  };
}

function counts(tree: SnapshotNode[]): Record<string, string | undefined> {
  return Object.fromEntries(tree.filter((n) => n.id?.startsWith('group/')).map((n): [string, string | undefined] => [n.id ?? '', n.description]));
}

const hasGroups =
  (record: EntitlementsRecord) =>
  (tree: SnapshotNode[]): boolean =>
    JSON.stringify(counts(tree)) === JSON.stringify(expectedCounts(record));

describe('entitlements view', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  const full = PROFILES.full;
  const restricted = PROFILES.restricted;
  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('scanTargets');

  before(async () => {
    await api();
    // The canary token: scripts/scan-canaries.mjs fails the run if it shows up in any log.
    sandbox = await startSandbox({ profile: 'full', token: CANARY_TOKEN });
  });

  after(async () => {
    if (sandbox) await vscode.commands.executeCommand('scanTargets.clearApiToken');
    await config().update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await refresh();
    await sandbox?.close();
  });

  it('without a base URL the tree is empty, so the welcome view shows', async () => {
    await config().update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    assert.strictEqual(await refresh(), 'unconfigured');
    assert.deepStrictEqual(await (await api()).entitlementsTree(), []);
  });

  it('a refused token shows a node that says so and offers to set the token', async () => {
    await config().update('baseUrl', sandbox.url, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('scanTargets.setApiToken', { token: 'not-the-sandbox-token' });
    const tree = await refreshUntil((t, kind) => kind === 'failed' && t.length === 1 && t[0]?.id === 'state/error', 'the 401 node shows');
    const [node] = tree;
    assert.ok(node, 'the 401 node');
    assert.strictEqual(node.label, 'The API token was refused');
    assert.strictEqual(node.command, 'scanTargets.setApiToken');
    const actions = node.children.map((c) => c.command);
    assert.ok(actions.includes('scanTargets.setApiToken'), JSON.stringify(actions));
    assert.ok(actions.includes('scanTargets.refreshEntitlements'));
    assert.ok(actions.includes('scanTargets.showLog'));
    assert.ok(!JSON.stringify(tree).includes('not-the-sandbox-token'), 'the token appears nowhere in the tree');
  });

  it('Set API Token checks a token with the service before storing it: a refused one is not stored', async () => {
    await vscode.commands.executeCommand('scanTargets.setApiToken', { token: sandbox.token });
    const before = sandbox.requests.length;
    assert.strictEqual(await vscode.commands.executeCommand('scanTargets.setApiToken', { token: 'refused-by-the-sandbox', check: true }), false);
    // The extension's own refreshes carry the stored (right) token: the one 401 is the check.
    assert.deepStrictEqual(
      sandbox.requests
        .slice(before)
        .filter((r) => r.status === 401)
        .map((r) => r.path),
      ['/api/v1/account/entitlements/'],
      'one entitlements read checked it',
    );
    assert.strictEqual(await vscode.commands.executeCommand('scanTargets.setApiToken', { token: sandbox.token, check: true }), true);
  });

  it('with the right token, shows the groups and counts of the full profile', async () => {
    await vscode.commands.executeCommand('scanTargets.setApiToken', { token: sandbox.token });
    const tree = await refreshUntil((t, kind) => kind === 'loaded' && hasGroups(full)(t), 'the full profile shows');
    assert.deepStrictEqual(
      tree.map((n) => n.label),
      ['Features', 'Integrations', 'Limits', 'Allowed values', 'Credit packs'],
    );
    const sso = group(group(tree, 'group/features').children, 'feature/allow_sso');
    assert.deepStrictEqual([sso.label, sso.description, sso.contextValue, sso.icon], ['SSO', 'enabled', 'entitlement.boolean', 'pass-filled']);
    assert.match(sso.tooltip ?? '', /allow_sso: true/);
    const agents = group(group(tree, 'group/limits').children, 'limit/scanning_agent_limit');
    assert.strictEqual(agents.label, 'Scanning agents');
    assert.strictEqual(agents.contextValue, 'entitlement.integer');
    const reportTypes = group(group(tree, 'group/allowed').children, 'allowed/allowed_report_types');
    assert.deepStrictEqual(
      reportTypes.children.map((c) => c.label),
      full.allowed_report_types,
    );
    const packs = group(tree, 'group/packs').children;
    assert.strictEqual(packs.length, full.allowed_credits_packs.length);
    assert.ok(packs.every((p) => p.contextValue === 'entitlement.pack' && p.children.some((c) => c.label === 'Amount')));
  });

  it('a 500 keeps the last record, marked stale, with Retry and Show Log', async () => {
    const tree = await refreshUntil(
      (t, kind) => kind === 'failed' && t[0]?.id === 'state/stale',
      'the stale node shows',
      () => sandbox.setFaults({ failNext: [{ status: 500 }] }),
    );
    const [stale, ...groups] = tree;
    assert.ok(stale, 'the stale node');
    assert.match(stale.label, /^Showing the record from .+ — refresh failed: /);
    assert.match(stale.label, /500/);
    const actions = stale.children.map((c) => [c.label, c.command]);
    assert.deepStrictEqual(actions, [
      ['Retry', 'scanTargets.refreshEntitlements'],
      ['Show Log', 'scanTargets.showLog'],
    ]);
    assert.deepStrictEqual(counts(groups), expectedCounts(full), 'the last good record is still shown');
  });

  it('a 401 after a good read keeps the record and offers to set the token', async () => {
    const tree = await refreshUntil(
      (t, kind) => kind === 'failed' && t[0]?.id === 'state/stale' && /token was refused/.test(t[0].label),
      'the stale 401 node shows',
      () => sandbox.setFaults({ failNext: [{ status: 401 }] }),
    );
    assert.strictEqual(at(tree, 0).command, 'scanTargets.setApiToken');
    assert.deepStrictEqual(counts(tree.slice(1)), expectedCounts(full));
  });

  it('the restricted profile changes the counts, and a good read drops the stale mark', async () => {
    sandbox.setFaults({});
    sandbox.setProfile('restricted');
    const tree = await refreshUntil((t, kind) => kind === 'loaded' && hasGroups(restricted)(t), 'the restricted profile shows');
    assert.notDeepStrictEqual(expectedCounts(restricted), expectedCounts(full));
    assert.ok(!tree.some((n) => n.id?.startsWith('state/')));
    const signing = group(group(tree, 'group/allowed').children, 'allowed/allowed_signing_methods');
    if (restricted.allowed_signing_methods.length === 0) assert.strictEqual(signing.description, 'none');
    const bola = group(group(tree, 'group/features').children, 'feature/allow_bola');
    assert.deepStrictEqual(
      [bola.description, bola.icon],
      [restricted.allow_bola ? 'enabled' : 'disabled', restricted.allow_bola ? 'pass-filled' : 'circle-slash'],
    );
  });

  it('the filter shows only matching entries, and an empty filter shows everything', async () => {
    try {
      assert.strictEqual(await vscode.commands.executeCommand('scanTargets.filterEntitlements', 'sso'), 'sso');
      const filtered = await (await api()).entitlementsTree();
      assert.deepStrictEqual(
        filtered.map((g) => [g.id, g.children.map((c) => c.id)]),
        [
          ['group/features', ['feature/allow_sso']],
          ['group/integrations', ['integration/allow_sso_b']],
        ],
      );
      assert.strictEqual(at(filtered, 0).description, '1 of 36 match');
      await vscode.commands.executeCommand('scanTargets.filterEntitlements', 'no such entitlement');
      const none = await (await api()).entitlementsTree();
      assert.deepStrictEqual(
        none.map((n) => [n.id, n.command]),
        [['state/no-match', 'scanTargets.filterEntitlements']],
      );
    } finally {
      assert.strictEqual(await vscode.commands.executeCommand('scanTargets.filterEntitlements', ''), '');
    }
    assert.ok(hasGroups(restricted)(await (await api()).entitlementsTree()));
  });

  it('opens the raw record as read-only JSON', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('scanTargets.openEntitlementsJson');
    assert.ok(uri, 'the command returns the document URI');
    assert.strictEqual(uri.scheme, 'scan-targets-entitlements');
    const document = await vscode.workspace.openTextDocument(uri);
    assert.strictEqual(document.languageId, 'json');
    assert.deepStrictEqual(JSON.parse(document.getText()), restricted);
    assert.notStrictEqual(vscode.workspace.fs.isWritableFileSystem(uri.scheme), true);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('not-entitled warnings follow the record: on with the restricted profile, off with the full one', async () => {
    const uri = workspaceFile('shop.target-settings.yaml');
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    const notEntitled = (ds: vscode.Diagnostic[]): vscode.Diagnostic[] => ds.filter((d) => codeOf(d) === 'not-entitled');
    // shop.target-settings.yaml asks for report_type owasp, which the restricted profile lacks.
    assert.ok(!restricted.allowed_report_types.includes('owasp') && full.allowed_report_types.includes('owasp'));
    const on = await waitForDiagnostics(uri, (ds) => notEntitled(ds).some((d) => d.message.includes('allowed_report_types')), 15_000);
    const warning = notEntitled(on).find((d) => d.message.includes('allowed_report_types'))!;
    assert.strictEqual(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.strictEqual(document.getText(warning.range), 'owasp');
    sandbox.setProfile('full');
    assert.strictEqual(await refresh(), 'loaded');
    await waitForDiagnostics(uri, (ds) => notEntitled(ds).length === 0, 15_000);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
