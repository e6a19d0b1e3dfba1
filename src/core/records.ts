// Telling a plain object (a JSON or YAML mapping, a schema) from everything else, for data whose
// shape is not known in advance: parsed files, the service's answers, request bodies, schemas.

/** Whether `value` is an object that is not an array (nor null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
