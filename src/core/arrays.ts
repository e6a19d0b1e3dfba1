// `target.push(...items)` passes every item as an argument: past about 100,000 items (a file with
// that many problems, rejected ids or edits) it overflows the stack. This appends in a loop.
export function pushAll<T>(target: T[], items: readonly T[]): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** `array.splice(at, remove, ...items)`, in place, without spreading a long `items` onto the stack. */
export function spliceIn<T>(array: T[], at: number, remove: number, items: readonly T[]): void {
  if (items.length < 4096) {
    array.splice(at, remove, ...items);
    return;
  }
  const tail = array.slice(at + remove);
  array.length = at;
  pushAll(array, items);
  pushAll(array, tail);
}

/** Adds `delta` to `numbers[from...]`, in place. */
export function shiftFrom(numbers: number[], from: number, delta: number): void {
  if (delta === 0) return;
  for (let n = from; n < numbers.length; n++) numbers[n]! += delta;
}
