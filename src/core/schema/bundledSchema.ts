// The target-settings schema bundled as JSON and the one shared navigator over it, which
// completion, hover and quick fixes use. Apart from navigate.ts because the navigator walks any
// schema it is given (the tests build their own).

import targetSettingsSchemaJson from '../../../schemas/target-settings.schema.json';
import { SchemaNavigator } from './navigate';
import type { SchemaNode } from './schemaNode';

let bundled: SchemaNavigator | undefined;

/** The target-settings schema (schemas/target-settings.schema.json, bundled as JSON). */
export function targetSettingsSchema(): SchemaNode {
  return targetSettingsSchemaJson;
}

/** The navigator over the bundled target-settings schema (one shared, memoizing instance). */
export function targetSettingsNavigator(): SchemaNavigator {
  bundled ??= new SchemaNavigator(targetSettingsSchema());
  return bundled;
}
