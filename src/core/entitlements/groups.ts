// Turns an entitlements record into the groups the tree view and the CLI show:
// Features, Integrations, Limits, Allowed values, Credit packs. Pure: no VS Code here, so the
// labels, counts and formatting are tested with `node --test`.
import { labelForField } from './labels';
import { plural } from '../wording';
import {
  ALLOWED_LISTS,
  CREDIT_PACKS_FIELD,
  FEATURE_FLAGS,
  INTEGRATION_FLAGS,
  LIMITS,
  STRING_VALUES,
  type BooleanField,
  type CreditsPack,
  type EntitlementsRecord,
} from './types';

export type GroupKey = 'features' | 'integrations' | 'limits' | 'allowed' | 'packs';

export type EntitlementNodeKind = 'boolean' | 'integer' | 'string' | 'list' | 'list-item' | 'pack' | 'pack-field';

/** A node under a group: one field, one list member, one credit pack or one field of a pack. */
export interface EntitlementNode {
  kind: EntitlementNodeKind;
  /** Stable and unique in the tree, e.g. `feature/allow_sso`, `allowed/allowed_report_types/pci`. */
  id: string;
  /** For people: "SSO", "Scanning agents". */
  label: string;
  /** The value, for people: "enabled", "1,000", "default, owasp", "none". */
  description: string;
  /** Raw field name (or path, for packs) and raw value. */
  tooltip: string;
  /** `entitlement.boolean`, `entitlement.integer`, ...: drives the context menu. */
  contextValue: string;
  /** What "Copy field name" copies: `allow_sso`, `allowed_credits_packs[0].price`. */
  field: string;
  /** What "Copy value" copies: the raw value (`true`, `1000`, a list as JSON). */
  value: string;
  /** For booleans (and nothing else): whether the account has it. */
  enabled?: boolean;
  children: EntitlementNode[];
}

export interface EntitlementGroup {
  key: GroupKey;
  /** `group/features`, ... */
  id: string;
  label: string;
  /** Counts: "24 of 36 enabled", "15 values", "8 lists", "2 packs", "none". */
  description: string;
  tooltip: string;
  contextValue: 'entitlementGroup';
  /** Number of entries in the group (before any filter). */
  total: number;
  /** Booleans set to true, for Features and Integrations. */
  enabledCount?: number;
  children: EntitlementNode[];
}

export interface GroupOptions {
  /** BCP 47 locale for numbers and prices (VS Code's `env.language`); default `en-US`. */
  locale?: string;
}

const PRICE_UNIT_NOTE = 'The spec does not show the unit of price (cents or whole units), so it is shown as the service sent it.';

function safeLocale(locale: string | undefined): string {
  if (!locale) return 'en-US';
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length > 0 ? locale : 'en-US';
  } catch {
    return 'en-US';
  }
}

export function formatInteger(value: number, locale?: string): string {
  if (!Number.isFinite(value)) return String(value);
  return new Intl.NumberFormat(safeLocale(locale), { maximumFractionDigits: 20 }).format(value);
}

/**
 * A pack price for people: the integer exactly as the service sent it, grouped for the locale,
 * with the currency code (`USD 1,999`). No decimals are invented: the spec does not say whether
 * price counts cents or whole units. An empty currency code gives the number alone.
 */
export function formatPrice(price: number, currencyCode: string, locale?: string): string {
  const loc = safeLocale(locale);
  if (currencyCode !== '' && Number.isFinite(price)) {
    try {
      return new Intl.NumberFormat(loc, {
        style: 'currency',
        currency: currencyCode,
        currencyDisplay: 'code',
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      }).format(price);
    } catch {
      // Not an ISO 4217 code: show it beside the number rather than drop it.
      return `${formatInteger(price, loc)} ${currencyCode}`;
    }
  }
  return formatInteger(price, loc);
}

/** "14:02" for today, with the date for another day; in the locale's style. */
export function formatFetchedAt(fetchedAt: Date, options: { now?: Date; locale?: string } = {}): string {
  const loc = safeLocale(options.locale);
  const now = options.now ?? new Date();
  const time = fetchedAt.toLocaleTimeString(loc, { hour: '2-digit', minute: '2-digit' });
  if (fetchedAt.toDateString() === now.toDateString()) return time;
  return `${fetchedAt.toLocaleDateString(loc, { day: 'numeric', month: 'short' })} ${time}`;
}

function json(value: unknown): string {
  return JSON.stringify(value);
}

function booleanNode(record: EntitlementsRecord, field: BooleanField, prefix: 'feature' | 'integration'): EntitlementNode {
  const raw: unknown = record[field];
  const enabled = raw === true;
  const note = prefix === 'integration' ? '\nThird-party integration (the spec puts a neutral word in place of the vendor name).' : '';
  return {
    kind: 'boolean',
    id: `${prefix}/${field}`,
    label: labelForField(field),
    description: typeof raw === 'boolean' ? (enabled ? 'enabled' : 'disabled') : `unexpected value ${json(raw)}`,
    tooltip: `${field}: ${json(raw)}${note}`,
    contextValue: 'entitlement.boolean',
    field,
    value: String(raw),
    enabled,
    children: [],
  };
}

function booleanGroup(record: EntitlementsRecord, key: 'features' | 'integrations', fields: readonly BooleanField[]): EntitlementGroup {
  const prefix = key === 'features' ? 'feature' : 'integration';
  const children = fields.map((f) => booleanNode(record, f, prefix));
  const enabledCount = children.filter((c) => c.enabled).length;
  const label = key === 'features' ? 'Features' : 'Integrations';
  return {
    key,
    id: `group/${key}`,
    label,
    description: `${enabledCount} of ${children.length} enabled`,
    tooltip: `${label}: ${enabledCount} of ${children.length} enabled`,
    contextValue: 'entitlementGroup',
    total: children.length,
    enabledCount,
    children,
  };
}

function limitsGroup(record: EntitlementsRecord, locale: string): EntitlementGroup {
  const children: EntitlementNode[] = [];
  for (const field of LIMITS) {
    const raw: unknown = record[field];
    children.push({
      kind: 'integer',
      id: `limit/${field}`,
      label: labelForField(field),
      description: typeof raw === 'number' ? formatInteger(raw, locale) : `unexpected value ${json(raw)}`,
      tooltip: `${field}: ${json(raw)}`,
      contextValue: 'entitlement.integer',
      field,
      value: String(raw),
      children: [],
    });
  }
  for (const field of STRING_VALUES) {
    const raw: unknown = record[field];
    children.push({
      kind: 'string',
      id: `limit/${field}`,
      label: labelForField(field),
      description: typeof raw === 'string' ? (raw === '' ? '(empty)' : raw) : `unexpected value ${json(raw)}`,
      tooltip: `${field}: ${json(raw)}\nThe spec does not show the format of this value.`,
      contextValue: 'entitlement.string',
      field,
      value: typeof raw === 'string' ? raw : String(raw),
      children: [],
    });
  }
  return {
    key: 'limits',
    id: 'group/limits',
    label: 'Limits',
    description: plural(children.length, 'value', 'values'),
    tooltip: `Limits: ${plural(children.length, 'value', 'values')} (units and meaning not shown by the spec)`,
    contextValue: 'entitlementGroup',
    total: children.length,
    children,
  };
}

/** Adds `#2`, `#3`... to repeated keys so every id stays unique. */
function uniqueKeys(keys: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1 ? key : `${key}#${n}`;
  });
}

function allowedGroup(record: EntitlementsRecord): EntitlementGroup {
  const children = ALLOWED_LISTS.map((field): EntitlementNode => {
    const raw: unknown = record[field];
    const members = Array.isArray(raw) ? raw.map((m) => (typeof m === 'string' ? m : json(m))) : [];
    const ids = uniqueKeys(members);
    return {
      kind: 'list',
      id: `allowed/${field}`,
      label: labelForField(field),
      description: !Array.isArray(raw) ? `unexpected value ${json(raw)}` : members.length === 0 ? 'none' : members.join(', '),
      tooltip: `${field}: ${json(raw)}\n${members.length === 0 ? 'Empty: the account is allowed none.' : plural(members.length, 'member', 'members')}`,
      contextValue: 'entitlement.list',
      field,
      value: json(raw),
      children: members.map((member, index) => ({
        kind: 'list-item',
        id: `allowed/${field}/${ids[index]}`,
        label: member === '' ? '(empty string)' : member,
        description: '',
        tooltip: `${field}[${index}]: ${json(member)}`,
        contextValue: 'entitlement.listItem',
        field: `${field}[${index}]`,
        value: member,
        children: [],
      })),
    };
  });
  return {
    key: 'allowed',
    id: 'group/allowed',
    label: 'Allowed values',
    description: plural(children.length, 'list', 'lists'),
    tooltip: `Allowed values: ${plural(children.length, 'list', 'lists')}`,
    contextValue: 'entitlementGroup',
    total: children.length,
    children,
  };
}

function packNode(pack: CreditsPack, index: number, idKey: string, locale: string): EntitlementNode {
  const path = `${CREDIT_PACKS_FIELD}[${index}]`;
  const price = formatPrice(pack.price, pack.currency_code ?? '', locale);
  const priceTooltip = `price: ${json(pack.price)}, currency_code: ${json(pack.currency_code)}\n${PRICE_UNIT_NOTE}`;
  const field = (name: keyof CreditsPack, label: string, description: string, tooltip: string): EntitlementNode => ({
    kind: 'pack-field',
    id: `pack/${idKey}/${name}`,
    label,
    description,
    tooltip,
    contextValue: 'entitlement.packField',
    field: `${path}.${name}`,
    value: String(pack[name]),
    children: [],
  });
  const amount = formatInteger(pack.pack_amount, locale);
  return {
    kind: 'pack',
    id: `pack/${idKey}`,
    label: pack.name === '' ? pack.id : pack.name,
    description: `${price} · amount ${amount}`,
    tooltip: `${path}: ${json(pack)}\n${PRICE_UNIT_NOTE}`,
    contextValue: 'entitlement.pack',
    field: path,
    value: json(pack),
    children: [
      field('price', 'Price', price, priceTooltip),
      field('pack_amount', 'Amount', amount, `pack_amount: ${json(pack.pack_amount)}`),
      field('discount', 'Discount', formatInteger(pack.discount, locale), `discount: ${json(pack.discount)} (unit not shown by the spec)`),
      field('savings', 'Savings', formatInteger(pack.savings, locale), `savings: ${json(pack.savings)} (unit not shown by the spec)`),
      field('id', 'ID', pack.id, `id: ${json(pack.id)}`),
    ],
  };
}

function packsGroup(record: EntitlementsRecord, locale: string): EntitlementGroup {
  const packs: CreditsPack[] = Array.isArray(record[CREDIT_PACKS_FIELD]) ? record[CREDIT_PACKS_FIELD] : [];
  const ids = uniqueKeys(packs.map((p, i) => (typeof p.id === 'string' && p.id !== '' ? p.id : `#${i}`)));
  const children = packs.map((pack, i) => packNode(pack, i, ids[i]!, locale));
  return {
    key: 'packs',
    id: 'group/packs',
    label: 'Credit packs',
    description: children.length === 0 ? 'none' : plural(children.length, 'pack', 'packs'),
    tooltip: `${CREDIT_PACKS_FIELD}: ${children.length === 0 ? 'no pack offered' : plural(children.length, 'pack', 'packs')}`,
    contextValue: 'entitlementGroup',
    total: children.length,
    children,
  };
}

/** The five groups of the entitlements view, in display order. */
export function buildEntitlementGroups(record: EntitlementsRecord, options: GroupOptions = {}): EntitlementGroup[] {
  const locale = safeLocale(options.locale);
  return [
    booleanGroup(record, 'features', FEATURE_FLAGS),
    booleanGroup(record, 'integrations', INTEGRATION_FLAGS),
    limitsGroup(record, locale),
    allowedGroup(record),
    packsGroup(record, locale),
  ];
}

function matches(node: { label: string; description: string; field?: string }, terms: readonly string[]): boolean {
  const text = `${node.label}\n${node.description}\n${node.field ?? ''}`.toLowerCase();
  return terms.every((t) => text.includes(t));
}

function filterNode(node: EntitlementNode, terms: readonly string[]): EntitlementNode | undefined {
  if (matches(node, terms)) return node;
  const children = node.children.map((c) => filterNode(c, terms)).filter((c): c is EntitlementNode => c !== undefined);
  return children.length > 0 ? { ...node, children } : undefined;
}

/**
 * The groups with only the entries whose label, value or field name contains every word of
 * `query` (case-insensitive). A list or pack that matches keeps all its children; one that does
 * not keeps the children that match. Groups left empty are dropped; a group whose own label
 * matches is kept whole. An empty query returns the groups unchanged.
 */
export function filterGroups(groups: readonly EntitlementGroup[], query: string): EntitlementGroup[] {
  const terms = query
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => t !== '');
  if (terms.length === 0) return [...groups];
  const result: EntitlementGroup[] = [];
  for (const group of groups) {
    if (matches({ label: group.label, description: '' }, terms)) {
      result.push(group);
      continue;
    }
    const children = group.children.map((c) => filterNode(c, terms)).filter((c): c is EntitlementNode => c !== undefined);
    if (children.length === 0) continue;
    result.push({ ...group, description: `${children.length} of ${group.total} match`, children });
  }
  return result;
}

export interface RenderOptions {
  /** ANSI colours (for a terminal). */
  color?: boolean;
  /** Locale for numbers and prices; default `en-US` so the output is the same everywhere. */
  locale?: string;
}

const ANSI = { bold: '\u001b[1m', dim: '\u001b[2m', green: '\u001b[32m', red: '\u001b[31m', reset: '\u001b[0m' };

/**
 * The `scan-targets entitlements` text output: the same groups as the tree view, one entry a line,
 * with the raw field name at the end of the line so it can be grepped.
 */
export function renderEntitlementsText(record: EntitlementsRecord, options: RenderOptions = {}): string {
  const paint = (code: string, text: string): string => (options.color ? `${code}${text}${ANSI.reset}` : text);
  const groups = buildEntitlementGroups(record, { locale: options.locale ?? 'en-US' });
  const lines: string[] = [];
  for (const group of groups) {
    if (lines.length > 0) lines.push('');
    lines.push(`${paint(ANSI.bold, group.label)} (${group.description})`);
    if (group.children.length === 0) {
      lines.push('  (none)');
      continue;
    }
    const rows = group.children.map((node) => {
      const mark = node.kind === 'boolean' ? (node.enabled ? '[x] ' : '[ ] ') : '';
      const value =
        node.kind === 'boolean'
          ? ''
          : node.kind === 'pack'
            ? node.children
                .filter((c) => c.label !== 'ID')
                .map((c) => `${c.label.toLowerCase()} ${c.description}`)
                .join(', ')
            : node.description;
      return { node, mark, value };
    });
    const labelWidth = Math.max(...rows.map((r) => r.mark.length + r.node.label.length));
    const valueWidth = Math.max(...rows.map((r) => r.value.length));
    for (const { node, mark, value } of rows) {
      const markText = mark === '' ? '' : paint(node.enabled ? ANSI.green : ANSI.red, mark);
      const labelPad = ' '.repeat(labelWidth - mark.length - node.label.length);
      const valuePart = valueWidth > 0 ? `  ${value}${' '.repeat(valueWidth - value.length)}` : '';
      lines.push(`  ${markText}${node.label}${labelPad}${valuePart}  ${paint(ANSI.dim, node.field)}`);
    }
  }
  return lines.join('\n') + '\n';
}
