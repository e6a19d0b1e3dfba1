// Telling a plain object (a JSON or YAML mapping, a schema) from everything else, for data whose
// shape is not known in advance: parsed files, the service's answers, request bodies, schemas.

/** Whether `value` is an object that is not an array (nor null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a list or mapping of `value` holds itself, at any depth: a YAML alias that names a node
 * around it (`a: &a {b: *a}`) makes one. A walk without recursion.
 */
export function hasCycle(value: unknown): boolean {
  const within = new Set<object>();
  const stack: { value: object; leave: boolean }[] = [];
  if (typeof value === 'object' && value !== null) stack.push({ value, leave: false });
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    if (top.leave) {
      within.delete(top.value);
      continue;
    }
    if (within.has(top.value)) return true;
    within.add(top.value);
    stack.push({ value: top.value, leave: true });
    for (const child of Array.isArray(top.value) ? (top.value as unknown[]) : Object.values(top.value as Record<string, unknown>)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, leave: false });
    }
  }
  return false;
}
