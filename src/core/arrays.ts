// `target.push(...items)` passes every item as an argument: past about 100,000 items (a file with
// that many problems, rejected ids or edits) it overflows the stack. This appends in a loop.
export function pushAll<T>(target: T[], items: readonly T[]): T[] {
  for (const item of items) target.push(item);
  return target;
}
