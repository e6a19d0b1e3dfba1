// The product's JSON-Schema validators, generated as code at build time by
// scripts/generate-validators.mjs (into generated/, not committed) from the schema files, with the
// options of ajvOptions.json. Nothing compiles a schema at run time: loading these does not load
// Ajv's compiler, only its small runtime helpers. Each also has a module of its own,
// generated/<name>.ts, for code whose bundle needs only that one (core/validation).
import type { ValidateFunction } from 'ajv';
import { bulkUpdateResponse } from './generated/bulkUpdateResponse';
import { entitlements } from './generated/entitlements';
import { targetSettings } from './generated/targetSettings';

/** schemas/target-settings.schema.json: one bulk update request body (a YAML document). */
export const targetSettingsValidate: ValidateFunction = targetSettings;

/** schemas/entitlements.schema.json: the account's entitlements record. */
export const entitlementsValidate: ValidateFunction = entitlements;

/** src/api/bulkUpdateResponse.schema.json: the answer to a bulk update. */
export const bulkUpdateResponseValidate: ValidateFunction = bulkUpdateResponse;
