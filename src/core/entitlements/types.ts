// The entitlements record (spec 2.5, the response of GET {base_url}/account/entitlements/) and
// the grouping of its fields. The field lists are read from schemas/entitlements.schema.json, so
// the schema stays the single source of truth for which fields exist and what type each has; the
// only hand-made list is the integrations, which the spec names apart from the other booleans.
import schema from '../../../schemas/entitlements.schema.json';
import { valueAtPointer } from '../paths';

/** One item of `allowed_credits_packs` (spec 2.5). */
export interface CreditsPack {
  /** <= 100 characters. */
  id: string;
  /** <= 50 characters. */
  name: string;
  /** Integer, -2147483648..2147483647. The spec does not show its unit (cents or whole units). */
  price: number;
  /** `USD`, `EUR`, `GBP` or the empty string. */
  currency_code: 'USD' | 'EUR' | 'GBP' | '';
  /** int64, <= 4294967295. */
  pack_amount: number;
  /** Integer; unit not shown by the spec. */
  discount: number;
  /** Integer; unit not shown by the spec. */
  savings: number;
}

/** The entitlements record of spec 2.5. Every field is required. */
export interface EntitlementsRecord {
  // Integers
  pool_size: number;
  max_users: number;
  max_scan_number: number;
  max_credit_targets: number;
  max_ultd_targets: number;
  spa_limit: number;
  scanning_agent_limit: number;
  number_unused_slots: number;
  credits_hourly_cost: number;
  credits_cap: number;
  credits_lightning_cost: number;
  credits_auth_cost: number;
  allowed_monthly_promotional_credits: number;
  number_available_ultd_targets_minus_team_quotas: number;
  // Strings (format not shown by the spec)
  max_scan_freq: string;
  // String arrays (members not shown by the spec)
  allowed_scope_types: string[];
  allowed_builtin_scan_profiles: string[];
  allowed_signing_methods: string[];
  allowed_report_file_formats: string[];
  allowed_report_types: string[];
  allowed_stored_report_file_formats: string[];
  allowed_stored_report_types: string[];
  allowed_builtin_roles: string[];
  // Booleans: features
  allow_extra_users: boolean;
  allow_billing: boolean;
  allow_create_and_destroy_targets: boolean;
  allow_scope_labels: boolean;
  verify_target_ownership: boolean;
  allow_custom_scan_profiles: boolean;
  allow_bulk_scan: boolean;
  allow_pause_and_resume_scan: boolean;
  allow_partial_scan: boolean;
  allow_scanning_2fa_targets: boolean;
  allow_teams: boolean;
  allow_bulk: boolean;
  allow_dashboard: boolean;
  allow_roles: boolean;
  allow_scanning_agent: boolean;
  allow_user_labels: boolean;
  allow_custom_roles: boolean;
  allow_sso: boolean;
  allow_target_import_export: boolean;
  allow_full_coverage_report: boolean;
  allow_audit_log: boolean;
  allow_discovery: boolean;
  allow_bola: boolean;
  allow_self_findings_review: boolean;
  allow_mtls: boolean;
  allow_message_signature: boolean;
  allow_mle: boolean;
  allow_ai_scanning_enhancements_switch: boolean;
  allow_webhooks: boolean;
  allow_stored_reports: boolean;
  allow_buying_credits: boolean;
  allow_credits: boolean;
  allow_unlimited: boolean;
  allow_ultd_change: boolean;
  allow_target_roles: boolean;
  allow_dynamic_idp_roles_mapping: boolean;
  // Booleans: third-party integrations (vendor names replaced by neutral words)
  allow_cloud_a: boolean;
  allow_cdn_a: boolean;
  allow_cdn_b: boolean;
  allow_devops_tracker: boolean;
  allow_issue_tracker_a: boolean;
  allow_issue_tracker_b: boolean;
  allow_chat: boolean;
  allow_vuln_manager: boolean;
  allow_issue_tracker_c: boolean;
  allow_sso_b: boolean;
  allow_sast: boolean;
  allow_collections: boolean;
  is_vendor_customer: boolean;
  // Credit packs
  allowed_credits_packs: CreditsPack[];
}

export type EntitlementField = keyof EntitlementsRecord;
type FieldsOfType<T> = { [K in EntitlementField]: EntitlementsRecord[K] extends T ? K : never }[EntitlementField];
export type BooleanField = FieldsOfType<boolean>;
export type IntegerField = FieldsOfType<number>;
export type StringField = FieldsOfType<string>;
export type ListField = FieldsOfType<string[]>;

/** The one field holding credit packs (spec 2.5, `allowed_credits_packs`). */
export const CREDIT_PACKS_FIELD = 'allowed_credits_packs' satisfies EntitlementField;

/**
 * The booleans of spec 2.5 for third-party integrations, in the spec's order. The spec lists them
 * apart from the other booleans, and the schema gives both the same type, so this list is by hand.
 */
export const INTEGRATION_FLAGS = [
  'allow_cloud_a',
  'allow_cdn_a',
  'allow_cdn_b',
  'allow_devops_tracker',
  'allow_issue_tracker_a',
  'allow_issue_tracker_b',
  'allow_chat',
  'allow_vuln_manager',
  'allow_issue_tracker_c',
  'allow_sso_b',
  'allow_sast',
  'allow_collections',
  'is_vendor_customer',
] as const satisfies readonly BooleanField[];

/** How a schema property is shown: the JSON type of its value. */
export type FieldKind = 'boolean' | 'integer' | 'string' | 'string[]' | 'packs';

interface SchemaProperty {
  type?: string | string[];
  items?: SchemaProperty;
  $ref?: string;
}

function resolve(node: SchemaProperty | undefined): SchemaProperty | undefined {
  const ref = node?.$ref;
  if (!ref?.startsWith('#/')) return node;
  return resolve(valueAtPointer(schema, ref) as SchemaProperty | undefined);
}

function typeOf(node: SchemaProperty | undefined): string | undefined {
  const type = resolve(node)?.type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null');
  return type;
}

/** Kind of each property of the schema, in the schema's order. */
export function schemaFieldKinds(): ReadonlyMap<string, FieldKind | undefined> {
  const properties = (schema as { properties?: Record<string, SchemaProperty> }).properties ?? {};
  const kinds = new Map<string, FieldKind | undefined>();
  for (const [name, property] of Object.entries(properties)) {
    const type = typeOf(property);
    let kind: FieldKind | undefined;
    if (type === 'boolean') kind = 'boolean';
    else if (type === 'integer' || type === 'number') kind = 'integer';
    else if (type === 'string') kind = 'string';
    else if (type === 'array') kind = typeOf(resolve(property)?.items) === 'string' ? 'string[]' : 'packs';
    kinds.set(name, kind);
  }
  return kinds;
}

const KINDS = schemaFieldKinds();
const fieldsOfKind = (kind: FieldKind): string[] => [...KINDS].filter(([, k]) => k === kind).map(([name]) => name);
const integrationSet: ReadonlySet<string> = new Set(INTEGRATION_FLAGS);

/** Booleans that are not integrations (the `allow_*` features and `verify_target_ownership`), schema order. */
export const FEATURE_FLAGS = fieldsOfKind('boolean').filter((f) => !integrationSet.has(f)) as readonly BooleanField[];
/** The integer fields, schema order. */
export const LIMITS = fieldsOfKind('integer') as readonly IntegerField[];
/** The string fields (`max_scan_freq`). */
export const STRING_VALUES = fieldsOfKind('string') as readonly StringField[];
/** The string-array fields (`allowed_*`), schema order. */
export const ALLOWED_LISTS = fieldsOfKind('string[]') as readonly ListField[];
