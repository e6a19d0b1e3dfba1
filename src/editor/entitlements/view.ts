// The `scanTargets.entitlements` view and its commands: refresh, open the raw record as read-only
// JSON, filter, copy value, copy field name. The view's description says when the record was
// read ("fetched 14:02", "stale — fetched 14:02"); a running read shows as progress on the view.
import * as vscode from 'vscode';
import { formatFetchedAt } from '../../core/entitlements/groups';
import type { EntitlementsState, EntitlementsStore } from './store';
import { describeFailure, EntitlementsTreeProvider, snapshotTree, type SnapshotNode, type TreeNode } from './treeProvider';

export { snapshotTree, type SnapshotNode };

export const VIEW_ID = 'scanTargets.entitlements';
export const ENTITLEMENTS_SCHEME = 'scan-targets-entitlements';
/** The read-only document of the raw record. Its name matches the `*.entitlements.json` jsonValidation pattern. */
export const ENTITLEMENTS_JSON_URI = vscode.Uri.from({ scheme: ENTITLEMENTS_SCHEME, path: '/account.entitlements.json' });
const FILTERED_CONTEXT_KEY = 'scanTargets.entitlementsFiltered';

export interface EntitlementsView {
  treeView: vscode.TreeView<TreeNode>;
  provider: EntitlementsTreeProvider;
}

/** The view description for a state: when the shown record was read, and whether it is stale. */
export function describeState(state: EntitlementsState, filter: string, locale?: string, now?: Date): string | undefined {
  const at = (d: Date): string => formatFetchedAt(d, { locale, now });
  let text: string | undefined;
  switch (state.kind) {
    case 'unconfigured':
      text = undefined;
      break;
    case 'loading':
      text = state.last ? `refreshing — fetched ${at(state.last.fetchedAt)}` : 'loading…';
      break;
    case 'loaded':
      text = `fetched ${at(state.fetchedAt)}`;
      break;
    case 'failed':
      text = state.last ? `stale — fetched ${at(state.last.fetchedAt)}` : 'refresh failed';
      break;
  }
  if (filter !== '' && text !== undefined) text += ` · filter: ${filter}`;
  return text;
}

/** Text of the raw record document. */
function recordJson(store: EntitlementsStore): string {
  const record = store.record;
  return record ? JSON.stringify(record, null, 2) + '\n' : '{}\n';
}

export function registerEntitlementsView(context: vscode.ExtensionContext, store: EntitlementsStore): EntitlementsView {
  const locale = vscode.env.language;
  const provider = new EntitlementsTreeProvider(store, { locale });
  const treeView = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });

  // Read-only JSON document of the raw record, updated when the record changes.
  const contentChanged = new vscode.EventEmitter<vscode.Uri>();
  const contentProvider: vscode.TextDocumentContentProvider = {
    onDidChange: contentChanged.event,
    provideTextDocumentContent: () => recordJson(store),
  };

  // Progress on the view while a read runs.
  let endProgress: (() => void) | undefined;
  const showProgress = (state: EntitlementsState): void => {
    if (state.kind === 'loading' && !endProgress) {
      void vscode.window.withProgress({ location: { viewId: VIEW_ID } }, () => new Promise<void>((resolve) => (endProgress = resolve)));
    } else if (state.kind !== 'loading' && endProgress) {
      endProgress();
      endProgress = undefined;
    }
  };

  const update = (): void => {
    treeView.description = describeState(store.state, provider.filter, locale);
    treeView.message =
      provider.filter !== '' && store.record ? `Filtered by “${provider.filter}”. Run Filter Entitlements with an empty text to show everything.` : undefined;
  };

  let lastRecord = store.record;
  const onState = (state: EntitlementsState): void => {
    showProgress(state);
    update();
    if (store.record !== lastRecord) {
      lastRecord = store.record;
      contentChanged.fire(ENTITLEMENTS_JSON_URI);
    }
  };
  onState(store.state);

  const nodeOf = (arg: unknown): TreeNode | undefined => {
    const node = (arg ?? treeView.selection[0]) as TreeNode | undefined;
    return node && typeof node === 'object' && 'type' in node ? node : undefined;
  };
  const copy = async (arg: unknown, what: 'value' | 'field'): Promise<string | undefined> => {
    const node = nodeOf(arg);
    if (node?.type !== 'entry') {
      void vscode.window.showInformationMessage('Select an entitlement in the Entitlements view first; nothing was copied.');
      return undefined;
    }
    const text = what === 'value' ? node.entry.value : node.entry.field;
    await vscode.env.clipboard.writeText(text);
    vscode.window.setStatusBarMessage(what === 'value' ? `Copied the value of ${node.entry.field}` : `Copied ${node.entry.field}`, 3000);
    return text;
  };

  context.subscriptions.push(
    provider,
    treeView,
    contentChanged,
    { dispose: () => endProgress?.() },
    store.onDidChange(onState),
    vscode.workspace.registerTextDocumentContentProvider(ENTITLEMENTS_SCHEME, contentProvider),

    vscode.commands.registerCommand('scanTargets.refreshEntitlements', async (): Promise<EntitlementsState['kind']> => {
      const state = await store.refresh({ reason: 'command' });
      if (state.kind === 'failed' && !treeView.visible) {
        const message = `The entitlements could not be read: ${describeFailure(state.error)}.${state.last ? ' The last good record is kept, marked stale.' : ''}`;
        void vscode.window.showWarningMessage(message, 'Show Log').then((choice) => {
          if (choice) void vscode.commands.executeCommand('scanTargets.showLog');
        });
      } else if (state.kind === 'unconfigured' && !treeView.visible) {
        void vscode.window.showInformationMessage(
          vscode.workspace.isTrusted
            ? 'No entitlements were read: set the API base URL and token first (or start the local sandbox).'
            : 'No entitlements were read: this workspace is in Restricted Mode, where the extension makes no network call.',
        );
      }
      return state.kind;
    }),

    vscode.commands.registerCommand('scanTargets.openEntitlementsJson', async (): Promise<vscode.Uri | undefined> => {
      if (!store.record) {
        const state = await store.refresh({ reason: 'open as JSON' });
        if (!store.record) {
          const why = state.kind === 'failed' ? describeFailure(state.error) : 'no API base URL and token are set';
          void vscode.window.showErrorMessage(`There is no entitlements record to open: ${why}.`);
          return undefined;
        }
      }
      const document = await vscode.workspace.openTextDocument(ENTITLEMENTS_JSON_URI);
      if (document.languageId !== 'json') await vscode.languages.setTextDocumentLanguage(document, 'json');
      await vscode.window.showTextDocument(document, { preview: true });
      return ENTITLEMENTS_JSON_URI;
    }),

    vscode.commands.registerCommand('scanTargets.filterEntitlements', async (arg?: unknown): Promise<string | undefined> => {
      const query =
        typeof arg === 'string'
          ? arg
          : await vscode.window.showInputBox({
              title: 'Filter Entitlements',
              prompt: 'Show only entries whose name, field name or value contains these words. Leave empty to show everything.',
              value: provider.filter,
              placeHolder: 'e.g. sso, report, disabled',
            });
      if (query === undefined) return provider.filter;
      provider.setFilter(query);
      await vscode.commands.executeCommand('setContext', FILTERED_CONTEXT_KEY, provider.filter !== '');
      update();
      if (provider.filter !== '' && treeView.visible) {
        for (const group of provider.groupNodes) {
          try {
            await treeView.reveal(group, { expand: true, select: false, focus: false });
          } catch {
            // The tree changed meanwhile; nothing to expand.
          }
        }
      }
      return provider.filter;
    }),

    vscode.commands.registerCommand('scanTargets.copyValue', (arg?: unknown) => copy(arg, 'value')),
    vscode.commands.registerCommand('scanTargets.copyFieldName', (arg?: unknown) => copy(arg, 'field')),
  );
  void vscode.commands.executeCommand('setContext', FILTERED_CONTEXT_KEY, false);

  return { treeView, provider };
}
