// The `scanTargets.entitlements` tree: the groups of core/entitlements/groups.ts for a loaded
// record, and a node that explains itself for every other state (loading, token refused, other
// failures, a stale record). When nothing is configured it returns no item at all, so the view's
// `viewsWelcome` content (declared in package.json) shows instead.
import * as vscode from 'vscode';
import { buildEntitlementGroups, filterGroups, formatFetchedAt, type EntitlementGroup, type EntitlementNode } from '../../core/entitlements/groups';
import type { EntitlementsState, StateError } from './store';

export interface GroupTreeNode {
  type: 'group';
  group: EntitlementGroup;
  children: TreeNode[];
}

export interface EntryTreeNode {
  type: 'entry';
  entry: EntitlementNode;
  children: TreeNode[];
}

export interface MessageTreeNode {
  type: 'message';
  id: string;
  label: string;
  description?: string;
  tooltip: string;
  icon: vscode.ThemeIcon;
  contextValue: string;
  command?: vscode.Command;
  expanded?: boolean;
  children: TreeNode[];
}

export type TreeNode = GroupTreeNode | EntryTreeNode | MessageTreeNode;

/** What the provider reads from the store. */
export interface EntitlementsSource {
  readonly state: EntitlementsState;
  readonly onDidChange: vscode.Event<EntitlementsState>;
}

export interface TreeProviderOptions {
  /** Locale for numbers, prices and times (`vscode.env.language`). */
  locale?: string;
  /** For tests. */
  now?: () => Date;
}

const GROUP_ICONS: Record<EntitlementGroup['key'], string> = {
  features: 'checklist',
  integrations: 'plug',
  limits: 'dashboard',
  allowed: 'list-filter',
  packs: 'credit-card',
};

/** Short words for what failed, by the API client's error kind. */
export function describeFailure(error: StateError): string {
  switch (error.kind) {
    case 'unauthorized':
      return 'the API token was refused';
    case 'not-found':
      return 'the entitlements endpoint was not found (404): check the base URL';
    case 'server':
      return `the service failed (HTTP ${error.status ?? 500})`;
    case 'network':
      return 'the service could not be reached';
    case 'timeout':
      return 'the request timed out';
    case 'invalid-response':
      return 'the service answered with a record that does not match the spec';
    case 'insecure-transport':
      return 'the token would have gone over plain http:// to a non-loopback host; nothing was sent';
    case 'validation':
      return 'the service rejected the request (HTTP 400)';
    case 'unexpected-status':
      return `the service answered with an unexpected status${error.status !== undefined ? ` (HTTP ${error.status})` : ''}`;
    case 'configuration':
      return 'the connection settings are incomplete';
    case 'cancelled':
      return 'the read was cancelled';
    default:
      return error.message;
  }
}

function entryIcon(entry: EntitlementNode): vscode.ThemeIcon {
  switch (entry.kind) {
    case 'boolean':
      return entry.enabled
        ? new vscode.ThemeIcon('pass-filled', new vscode.ThemeColor('testing.iconPassed'))
        : new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground'));
    case 'integer':
      return new vscode.ThemeIcon('symbol-number');
    case 'string':
      return new vscode.ThemeIcon('symbol-string');
    case 'list':
      return new vscode.ThemeIcon('list-unordered');
    case 'list-item':
      return new vscode.ThemeIcon('symbol-enum-member');
    case 'pack':
      return new vscode.ThemeIcon('credit-card');
    case 'pack-field':
      return new vscode.ThemeIcon(entry.field.endsWith('.price') ? 'tag' : entry.field.endsWith('.id') ? 'symbol-key' : 'symbol-number');
  }
}

function action(id: string, label: string, icon: string, command: string, args?: unknown[], tooltip?: string): MessageTreeNode {
  return {
    type: 'message',
    id,
    label,
    tooltip: tooltip ?? label,
    icon: new vscode.ThemeIcon(icon),
    contextValue: 'entitlementsAction',
    command: { command, title: label, arguments: args },
    children: [],
  };
}

/** Retry / set token / set base URL / show log, as fits the failure. */
function failureActions(prefix: string, error: StateError): MessageTreeNode[] {
  const actions: MessageTreeNode[] = [];
  if (error.kind === 'unauthorized') {
    actions.push(
      action(
        `${prefix}/set-token`,
        'Set API Token…',
        'key',
        'scanTargets.setApiToken',
        undefined,
        'Store a new API token for this base URL, then the record is read again.',
      ),
    );
  }
  if (error.kind === 'not-found' || error.kind === 'insecure-transport' || error.kind === 'configuration') {
    actions.push(action(`${prefix}/set-base-url`, 'Set API Base URL…', 'globe', 'scanTargets.setBaseUrl'));
  }
  actions.push(action(`${prefix}/retry`, 'Retry', 'refresh', 'scanTargets.refreshEntitlements', undefined, 'Read the entitlements record again.'));
  actions.push(
    action(`${prefix}/show-log`, 'Show Log', 'output', 'scanTargets.showLog', undefined, 'Open the Scan Targets log, which has each request and its outcome.'),
  );
  return actions;
}

export class EntitlementsTreeProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private query = '';
  private roots: TreeNode[] | undefined;
  private readonly parents = new Map<TreeNode, TreeNode | undefined>();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly source: EntitlementsSource,
    private readonly options: TreeProviderOptions = {},
  ) {
    this.subscription = source.onDidChange(() => this.invalidate());
  }

  /** The filter query ('' for none). */
  get filter(): string {
    return this.query;
  }

  setFilter(query: string): void {
    const next = query.trim();
    if (next === this.query) return;
    this.query = next;
    this.invalidate();
  }

  /** The groups currently shown (after the filter), for reveal. */
  get groupNodes(): GroupTreeNode[] {
    return this.model().filter((n): n is GroupTreeNode => n.type === 'group');
  }

  private invalidate(): void {
    this.roots = undefined;
    this.parents.clear();
    this.changed.fire(undefined);
  }

  private model(): TreeNode[] {
    if (!this.roots) {
      this.roots = this.build();
      const walk = (nodes: TreeNode[], parent: TreeNode | undefined): void => {
        for (const node of nodes) {
          this.parents.set(node, parent);
          walk(node.children, node);
        }
      };
      walk(this.roots, undefined);
    }
    return this.roots;
  }

  private groupsFor(state: EntitlementsState): TreeNode[] {
    const record = state.kind === 'loaded' ? state.record : state.kind === 'unconfigured' ? undefined : state.last?.record;
    if (!record) return [];
    const groups = filterGroups(buildEntitlementGroups(record, { locale: this.options.locale }), this.query);
    const toEntry = (entry: EntitlementNode): EntryTreeNode => ({ type: 'entry', entry, children: entry.children.map(toEntry) });
    const nodes: TreeNode[] = groups.map((group) => ({ type: 'group', group, children: group.children.map(toEntry) }));
    if (nodes.length === 0 && this.query !== '') {
      nodes.push({
        type: 'message',
        id: 'state/no-match',
        label: `No entitlement matches “${this.query}”`,
        description: 'click to clear the filter',
        tooltip: 'The filter hides every entry. Click to clear it, or run "Filter Entitlements" again.',
        icon: new vscode.ThemeIcon('filter'),
        contextValue: 'entitlementsMessage',
        command: { command: 'scanTargets.filterEntitlements', title: 'Clear Filter', arguments: [''] },
        children: [],
      });
    }
    return nodes;
  }

  private build(): TreeNode[] {
    const state = this.source.state;
    switch (state.kind) {
      case 'unconfigured':
        // Empty on purpose: package.json's viewsWelcome explains and offers the next steps.
        return [];
      case 'loading':
        if (state.last) return this.groupsFor(state);
        return [
          {
            type: 'message',
            id: 'state/loading',
            label: 'Reading the entitlements record…',
            tooltip: 'Reading GET {base_url}/account/entitlements/',
            icon: new vscode.ThemeIcon('loading~spin'),
            contextValue: 'entitlementsMessage',
            children: [],
          },
        ];
      case 'loaded':
        return this.groupsFor(state);
      case 'failed': {
        const { error, last } = state;
        const what = describeFailure(error);
        const unauthorized = error.kind === 'unauthorized';
        if (last) {
          const time = formatFetchedAt(last.fetchedAt, { now: this.options.now?.(), locale: this.options.locale });
          const stale: MessageTreeNode = {
            type: 'message',
            id: 'state/stale',
            label: `Showing the record from ${time} — refresh failed: ${what}`,
            tooltip: `${error.message}\n\nThe record read at ${time} is still shown; it may be out of date.`,
            icon: new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground')),
            contextValue: 'entitlementsError',
            command: unauthorized ? { command: 'scanTargets.setApiToken', title: 'Set API Token' } : undefined,
            children: failureActions('state/stale', error),
          };
          return [stale, ...this.groupsFor(state)];
        }
        const detail: MessageTreeNode = {
          type: 'message',
          id: 'state/error/detail',
          label: error.message,
          tooltip: error.message,
          icon: new vscode.ThemeIcon('info'),
          contextValue: 'entitlementsMessage',
          children: [],
        };
        return [
          {
            type: 'message',
            id: 'state/error',
            label: unauthorized ? 'The API token was refused' : `Could not read the entitlements: ${what}`,
            description: error.status !== undefined ? `HTTP ${error.status}` : error.kind,
            tooltip: unauthorized ? `${error.message}\n\nSet a new token with "Scan Targets: Set API Token".` : error.message,
            icon: new vscode.ThemeIcon(unauthorized ? 'key' : 'error', new vscode.ThemeColor('problemsErrorIcon.foreground')),
            contextValue: unauthorized ? 'entitlementsError.unauthorized' : 'entitlementsError',
            command: unauthorized ? { command: 'scanTargets.setApiToken', title: 'Set API Token' } : undefined,
            expanded: true,
            children: [detail, ...failureActions('state/error', error)],
          },
        ];
      }
    }
  }

  getChildren(element?: TreeNode): TreeNode[] {
    if (!element) return this.model();
    return element.children;
  }

  getParent(element: TreeNode): TreeNode | undefined {
    this.model();
    return this.parents.get(element);
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    const collapsed = node.children.length === 0 ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed;
    switch (node.type) {
      case 'group': {
        const item = new vscode.TreeItem(node.group.label, collapsed);
        item.id = node.group.id;
        item.description = node.group.description;
        item.tooltip = node.group.tooltip;
        item.contextValue = node.group.contextValue;
        item.iconPath = new vscode.ThemeIcon(GROUP_ICONS[node.group.key]);
        item.accessibilityInformation = { label: `${node.group.label}, ${node.group.description}` };
        return item;
      }
      case 'entry': {
        const { entry } = node;
        const item = new vscode.TreeItem(entry.label, collapsed);
        item.id = entry.id;
        item.description = entry.description;
        item.tooltip = entry.tooltip;
        item.contextValue = entry.contextValue;
        item.iconPath = entryIcon(entry);
        item.accessibilityInformation = { label: entry.description ? `${entry.label}: ${entry.description}` : entry.label };
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(
          node.label,
          node.children.length === 0
            ? vscode.TreeItemCollapsibleState.None
            : node.expanded
              ? vscode.TreeItemCollapsibleState.Expanded
              : vscode.TreeItemCollapsibleState.Collapsed,
        );
        item.id = node.id;
        item.description = node.description;
        item.tooltip = node.tooltip;
        item.contextValue = node.contextValue;
        item.iconPath = node.icon;
        item.command = node.command;
        return item;
      }
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

export interface SnapshotNode {
  label: string;
  description?: string;
  tooltip?: string;
  contextValue?: string;
  id?: string;
  /** ThemeIcon id, e.g. `pass-filled`. */
  icon?: string;
  /** Command run on click, e.g. `scanTargets.setApiToken`. */
  command?: string;
  children: SnapshotNode[];
}

function text(value: string | vscode.TreeItemLabel | vscode.MarkdownString | boolean | undefined): string | undefined {
  if (value === undefined || typeof value === 'boolean') return value === undefined ? undefined : String(value);
  if (typeof value === 'string') return value;
  if ('label' in value) return value.label;
  return value.value;
}

/** The whole tree as plain data (every level, collapsed or not), for tests. */
export async function snapshotTree(provider: vscode.TreeDataProvider<TreeNode>, element?: TreeNode): Promise<SnapshotNode[]> {
  const children = (await provider.getChildren(element)) ?? [];
  const result: SnapshotNode[] = [];
  for (const child of children) {
    const item = await provider.getTreeItem(child);
    const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : undefined;
    result.push({
      label: text(item.label) ?? '',
      description: text(item.description),
      tooltip: text(item.tooltip),
      contextValue: item.contextValue,
      id: item.id,
      icon,
      command: item.command?.command,
      children: await snapshotTree(provider, child),
    });
  }
  return result;
}
