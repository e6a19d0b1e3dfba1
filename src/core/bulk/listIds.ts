// Ids quoted in messages: the first few, then how many more (a message never lists 100,000 ids).

/** `a, b, c and 3 more`, each in backticks. */
export function listIds(ids: readonly string[], max = 10): string {
  const shown = ids.slice(0, max).map((id) => `\`${id}\``);
  const more = ids.length > max ? ` and ${ids.length - max} more` : '';
  return `${shown.join(', ')}${more}`;
}
