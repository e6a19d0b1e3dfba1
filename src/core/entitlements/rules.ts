// Entitlement-aware checks of a target-settings document: where a file asks for something the
// account's entitlements record does not grant. The rules are data, one table; each
// names the entitlement field it reads, the path of the node it flags and a predicate over the
// plain value found there. Only rules whose vocabulary the spec shows are here: nothing is
// guessed for lists whose members the spec leaves open (allowed_scope_types, allowed_signing_methods, ...).
import type { EntitlementField, EntitlementsRecord } from './types';
import { isRecord } from '../records';

export type JsonPath = readonly (string | number)[];

export interface EntitlementFinding {
  /** Path of the flagged node inside the document, e.g. `['site', 'has_otp']`. */
  path: (string | number)[];
  /** Flag the key of that node (`labels:`) or its value (`pci`). */
  on: 'key' | 'value';
  code: 'not-entitled';
  /** The entitlement field the message names (the first of the rule's `fields`). */
  field: EntitlementField;
  /** Id of the rule that fired. */
  rule: string;
  message: string;
  /** For a value that must be in a list of the record: the values the account may use (for a quick fix). */
  entitled?: readonly string[];
}

export interface EntitlementRule {
  /** Stable id, e.g. `report-type`. */
  id: string;
  /** The entitlement fields the rule reads; the first is the one findings name. */
  fields: readonly [EntitlementField, ...EntitlementField[]];
  /** Path, inside one document, of the node the rule looks at and flags. */
  path: JsonPath;
  on: 'key' | 'value';
  /** What the rule checks, for the README. */
  summary: string;
  /** True when `value` (present at `path`) asks for something `record` does not grant. */
  applies(value: unknown, record: EntitlementsRecord, document: Record<string, unknown>): boolean;
  message(value: unknown, record: EntitlementsRecord): string;
}

/** A string whose value is only known when the request is built: not checked. */
function isPlaceholder(value: string): boolean {
  return value.includes('${env:');
}

function listOf(record: EntitlementsRecord, field: EntitlementField): string[] | undefined {
  const raw: unknown = record[field];
  return Array.isArray(raw) ? raw.filter((m): m is string => typeof m === 'string') : undefined;
}

function shown(list: readonly string[] | undefined): string {
  return list === undefined || list.length === 0 ? 'none' : list.join(', ');
}

/** A string value missing from an `allowed_*` list of the record. */
function notInList(value: unknown, record: EntitlementsRecord, field: EntitlementField): boolean {
  if (typeof value !== 'string' || isPlaceholder(value)) return false;
  const list = listOf(record, field);
  return list !== undefined && !list.includes(value);
}

/** The record says no (exactly `false`; anything else is not a refusal). */
function denied(record: EntitlementsRecord, field: EntitlementField): boolean {
  return record[field] === false;
}

export const ENTITLEMENT_RULES: readonly EntitlementRule[] = [
  {
    id: 'report-type',
    fields: ['allowed_report_types'],
    path: ['report_type'],
    on: 'value',
    summary: '`report_type: X` where X is not in `allowed_report_types`',
    applies: (value, record) => notInList(value, record, 'allowed_report_types'),
    message: (value, record) =>
      `report_type \`${String(value)}\` is not allowed for this account (allowed_report_types: ${shown(listOf(record, 'allowed_report_types'))}).`,
  },
  {
    id: 'report-fileformat',
    fields: ['allowed_report_file_formats'],
    path: ['report_fileformat'],
    on: 'value',
    summary: '`report_fileformat: X` where X is not in `allowed_report_file_formats`',
    applies: (value, record) => notInList(value, record, 'allowed_report_file_formats'),
    message: (value, record) =>
      `report_fileformat \`${String(value)}\` is not allowed for this account (allowed_report_file_formats: ${shown(listOf(record, 'allowed_report_file_formats'))}).`,
  },
  {
    id: 'two-factor-targets',
    fields: ['allow_scanning_2fa_targets'],
    path: ['site', 'has_otp'],
    on: 'value',
    summary: '`site.has_otp: true` while `allow_scanning_2fa_targets` is false',
    applies: (value, record) => value === true && denied(record, 'allow_scanning_2fa_targets'),
    message: () => 'site.has_otp is true, but this account cannot scan targets with two-factor authentication (allow_scanning_2fa_targets: false).',
  },
  {
    id: 'bola-payload-secondary',
    fields: ['allow_bola'],
    path: ['site', 'api_scan_settings', 'api_payload_login_enabled_secondary'],
    on: 'value',
    summary: '`site.api_scan_settings.api_payload_login_enabled_secondary: true` while `allow_bola` is false',
    applies: (value, record) => value === true && denied(record, 'allow_bola'),
    message: () =>
      'api_payload_login_enabled_secondary is true, but this account has no BOLA testing, which the secondary authentication is for (allow_bola: false).',
  },
  {
    id: 'bola-headers-cookies-secondary',
    fields: ['allow_bola'],
    path: ['site', 'api_scan_settings', 'api_headers_cookies_login_enabled_secondary'],
    on: 'value',
    summary: '`site.api_scan_settings.api_headers_cookies_login_enabled_secondary: true` while `allow_bola` is false',
    applies: (value, record) => value === true && denied(record, 'allow_bola'),
    message: () =>
      'api_headers_cookies_login_enabled_secondary is true, but this account has no BOLA testing, which the secondary authentication is for (allow_bola: false).',
  },
  {
    id: 'scanning-agent',
    fields: ['allow_scanning_agent'],
    path: ['scanning_agent'],
    on: 'key',
    summary: '`scanning_agent` set (not null) while `allow_scanning_agent` is false',
    applies: (value, record) => value !== null && value !== undefined && denied(record, 'allow_scanning_agent'),
    message: () => 'scanning_agent is set, but this account cannot use scanning agents (allow_scanning_agent: false).',
  },
  {
    id: 'scan-profile',
    fields: ['allowed_builtin_scan_profiles', 'allow_custom_scan_profiles'],
    path: ['scan_profile'],
    on: 'value',
    summary: '`scan_profile: X` where X is not in `allowed_builtin_scan_profiles` and `allow_custom_scan_profiles` is false',
    applies: (value, record) => notInList(value, record, 'allowed_builtin_scan_profiles') && denied(record, 'allow_custom_scan_profiles'),
    message: (value, record) =>
      `scan_profile \`${String(value)}\` is not a built-in scan profile this account may use (allowed_builtin_scan_profiles: ${shown(listOf(record, 'allowed_builtin_scan_profiles'))}), and custom scan profiles are off (allow_custom_scan_profiles: false).`,
  },
  {
    id: 'collection-schema',
    fields: ['allow_collections'],
    path: ['site', 'api_scan_settings', 'api_schema_type'],
    on: 'value',
    summary: '`site.api_scan_settings.api_schema_type: collection` while `allow_collections` is false',
    applies: (value, record) => value === 'collection' && denied(record, 'allow_collections'),
    message: () => 'api_schema_type `collection` needs API request collections, which this account does not have (allow_collections: false).',
  },
  {
    id: 'scope-labels',
    fields: ['allow_scope_labels'],
    path: ['labels'],
    on: 'key',
    summary: '`labels` not empty while `allow_scope_labels` is false',
    applies: (value, record) => Array.isArray(value) && value.length > 0 && denied(record, 'allow_scope_labels'),
    message: () => 'labels are set, but this account cannot use scope labels (allow_scope_labels: false).',
  },
  {
    id: 'bulk-update',
    fields: ['allow_bulk'],
    path: ['ids'],
    on: 'key',
    summary: 'any document (flagged on `ids`) while `allow_bulk` is false',
    applies: (_value, record) => denied(record, 'allow_bulk'),
    message: () => 'This document is a bulk update request, and this account has no bulk updates (allow_bulk: false): the service may refuse it.',
  },
];

/** The value at `path`, and whether the last key is present at all. */
function lookup(document: unknown, path: JsonPath): { found: boolean; value: unknown } {
  let node: unknown = document;
  for (const key of path) {
    if (typeof key === 'number') {
      if (!Array.isArray(node) || key >= node.length) return { found: false, value: undefined };
      node = node[key];
    } else {
      if (!isRecord(node) || !Object.prototype.hasOwnProperty.call(node, key)) return { found: false, value: undefined };
      node = node[key];
    }
  }
  return { found: true, value: node };
}

/**
 * Findings for one target-settings document (the plain value of one YAML document) against an
 * entitlements record, in table order. A document that is not a mapping yields none (the schema
 * checks report that). Paths only: positioning is the YAML layer's job.
 */
export function checkEntitlements(
  documentValue: unknown,
  record: EntitlementsRecord,
  rules: readonly EntitlementRule[] = ENTITLEMENT_RULES,
): EntitlementFinding[] {
  if (!isRecord(documentValue)) return [];
  const findings: EntitlementFinding[] = [];
  for (const rule of rules) {
    const { found, value } = lookup(documentValue, rule.path);
    if (!found || !rule.applies(value, record, documentValue)) continue;
    const entitled = rule.on === 'value' ? listOf(record, rule.fields[0]) : undefined;
    findings.push({
      path: [...rule.path],
      on: rule.on,
      code: 'not-entitled',
      field: rule.fields[0],
      rule: rule.id,
      message: rule.message(value, record),
      ...(entitled !== undefined && entitled.length > 0 ? { entitled } : {}),
    });
  }
  return findings;
}
