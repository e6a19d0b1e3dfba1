// The entitlements record (the response of GET {base_url}/account/entitlements/) and
// the grouping of its fields. The field lists are read from schemas/entitlements.schema.json, so
// the schema stays the single source of truth for which fields exist and what type each has; the
// only hand-made list is the integrations, which the spec names apart from the other booleans.
import schema from '../../../schemas/entitlements.schema.json';
import { valueAtPointer } from '../paths';
import type { EntitlementsRecord } from '../schema/generated/entitlementsRecord';

// The record's type is generated from the schema (scripts/generate-validators.mjs), as its
// run-time check is: one source for both.
export type { CreditsPack, EntitlementsRecord } from '../schema/generated/entitlementsRecord';

export type EntitlementField = keyof EntitlementsRecord;
type FieldsOfType<T> = { [K in EntitlementField]: EntitlementsRecord[K] extends T ? K : never }[EntitlementField];
export type BooleanField = FieldsOfType<boolean>;
export type IntegerField = FieldsOfType<number>;
export type StringField = FieldsOfType<string>;
export type ListField = FieldsOfType<string[]>;

/** The one field holding credit packs (`allowed_credits_packs`). */
export const CREDIT_PACKS_FIELD = 'allowed_credits_packs' satisfies EntitlementField;

/**
 * The booleans of the record for third-party integrations, in the service's order. It lists them
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
