// Rules the JSON Schema cannot say (or cannot say well), run on a document's plain-JS value:
// ids (empty list, empty id, repeated id; a long list the parse vouches for costs the items it
// could not vouch for, and per repeated id a check of where it stood in the last version, else a
// native scan), blackout period times, whitelist / blacklist forms and the blacklist's precedence
// over the whitelist.

import { indexesOfParsedItems, repeatedItems, type KnownIds, type RepeatedItem } from '../yaml';
import type { PathSegment } from '../paths';
import { formatFieldPath } from '../paths';
import type { Finding } from './finding';
import { quote } from './messages';
import { isRecord } from '../records';

type Obj = Record<string, unknown>;

/** A `${env:NAME}` placeholder makes a value unknown until the request is built. */
export function hasPlaceholder(value: unknown): boolean {
  return typeof value === 'string' && value.includes('${env:');
}

/**
 * Whether an Ajv error is one of those the rules below report better, so the engine drops it:
 * `ids` emptiness and uniqueness, `blackout_period` time patterns, whitelist/blacklist patterns.
 */
export function isCoveredByRules(instancePath: string, keyword: string, data: unknown): boolean {
  if (instancePath === '/ids') {
    return keyword === 'minItems' || keyword === 'uniqueItems';
  }
  if (/^\/ids\/\d+$/.test(instancePath)) {
    return keyword === 'minLength' || (keyword === 'type' && data === null);
  }
  if (/^\/blackout_period\/(begin|cease)$/.test(instancePath)) {
    return typeof data === 'string' && ['pattern', 'format', 'minLength', 'maxLength'].includes(keyword);
  }
  if (/^\/site\/(whitelist|blacklist)\/\d+$/.test(instancePath)) {
    return keyword === 'pattern' || keyword === 'format';
  }
  return false;
}

/**
 * All rule findings for one document value (a mapping). `knownIds`: what the parse knows of the
 * `ids` list, so that the ids it vouches for are not looked at one by one. `maxRepeats`: of a long
 * list's repeated ids, at most this many are made (the first ones), the last of them saying how
 * many more there are (Finding.omittedAfter): a view that shows that many at most never shows the
 * others, and a batch of 10,000 ids pasted twice made 10,000 on every keystroke.
 */
export function ruleFindings(value: Obj, knownIds?: KnownIds, maxRepeats = Infinity): Finding[] {
  const out: Finding[] = [];
  checkIds(value.ids, out, knownIds, maxRepeats);
  if (isRecord(value.blackout_period)) {
    for (const key of ['begin', 'cease'] as const) {
      checkTime(value.blackout_period[key], ['blackout_period', key], out);
    }
  }
  if (isRecord(value.site)) {
    checkScope(value.site, out);
  }
  return out;
}

function checkIds(ids: unknown, out: Finding[], known: KnownIds | undefined, maxRepeats: number): void {
  if (!Array.isArray(ids)) {
    return; // missing or of the wrong type: the schema says so
  }
  if (ids.length === 0) {
    out.push({
      code: 'empty-ids',
      message: 'ids is empty; list at least one target id to update',
      path: ['ids'],
      anchor: 'value',
    });
    return;
  }
  if (known === undefined) {
    const first = new Map<string, number>();
    for (let i = 0; i < ids.length; i++) checkId(ids, i, first, out);
    return;
  }
  // The known spans hold non-empty ids (or numbers and true/false: typed, never empty), and the
  // parse keeps count of the ids they repeat: only the items around them are looked at one by one,
  // for empty ones. The ids that repeat are found where they stand, for the index of their first
  // occurrence (repeatedItems); the findings are made for the first `maxRepeats` repeats only, and
  // merged in list order with the empty ones.
  const repeats = repeatedItems(ids, known);
  const empty: number[] = [];
  for (const i of indexesOfParsedItems(known, ids.length)) if (isEmptyId(ids[i])) empty.push(i);
  const made = Math.min(repeats.length, maxRepeats);
  let e = 0;
  for (let k = 0; k < made; k++) {
    const item = repeats[k]!;
    while (e < empty.length && empty[e]! < item.index) out.push(emptyId(empty[e++]!));
    out.push(repeatFinding(item, k === made - 1 ? repeats.length - made : 0));
  }
  while (e < empty.length) out.push(emptyId(empty[e++]!));
}

/** Whether ids[i] is empty or repeats an earlier id (`first`: the index each id was first seen at). */
function checkId(ids: readonly unknown[], i: number, first: Map<string, number>, out: Finding[]): void {
  const id: unknown = ids[i];
  if (isEmptyId(id)) {
    out.push(emptyId(i));
    return;
  }
  if (typeof id !== 'string') {
    return; // the schema reports the type
  }
  const seen = first.get(id);
  if (seen === undefined) first.set(id, i);
  else out.push(duplicateId(id, i, seen));
}

function isEmptyId(id: unknown): boolean {
  return id === null || id === undefined || (typeof id === 'string' && id.trim() === '');
}

function emptyId(i: number): Finding {
  return { code: 'empty-id', message: `ids[${i}] is empty; write a target id or remove the line`, path: ['ids', i], anchor: 'value' };
}

/**
 * The finding of each repeated item of a long list as last made (the items are remembered from one
 * version of the list to the next, see repeatedItems): given again while it says the same, so that
 * its diagnostic is kept too (see toDiagnostic in validate.ts).
 */
const findingOf = new WeakMap<RepeatedItem, Finding>();

function repeatFinding(item: RepeatedItem, omittedAfter: number): Finding {
  const made = findingOf.get(item);
  if (made !== undefined && made.path[1] === item.index && made.data?.firstIndex === item.first && (made.omittedAfter ?? 0) === omittedAfter) return made;
  const finding = duplicateId(item.id, item.index, item.first, omittedAfter);
  findingOf.set(item, finding);
  return finding;
}

function duplicateId(id: string, i: number, firstIndex: number, omittedAfter = 0): Finding {
  const finding: Finding = {
    code: 'duplicate-id',
    message: `ids[${i}] repeats ids[${firstIndex}] (${id.length > 40 ? `${id.slice(0, 39)}…` : id}); each target is updated once`,
    path: ['ids', i],
    anchor: 'value',
    data: { firstIndex },
  };
  return omittedAfter > 0 ? { ...finding, omittedAfter } : finding;
}

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

function checkTime(value: unknown, path: PathSegment[], out: Finding[]): void {
  if (typeof value !== 'string' || hasPlaceholder(value) || TIME.test(value)) {
    return;
  }
  // A time that only lacks a leading zero or has seconds gets a suggestion.
  const [, hours, minutes] = /^\s*(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*(?:Z|z)?\s*$/.exec(value) ?? [];
  const suggestion =
    hours !== undefined && minutes !== undefined && Number(hours) <= 23 && Number(minutes) <= 59 ? `${hours.padStart(2, '0')}:${minutes}` : undefined;
  out.push({
    code: 'invalid-time',
    message: `${formatFieldPath(path)} must be a time of day written as HH:MM (00:00 to 23:59), found ${quote(value)}${
      suggestion !== undefined ? `; did you mean ${suggestion}?` : ''
    }`,
    path,
    anchor: 'value',
    data: suggestion !== undefined ? { suggestion } : undefined,
  });
}

/** An absolute URL as the blacklist accepts it: a scheme (wildcards allowed), `://`, more. */
const ABSOLUTE = /^[a-zA-Z*][a-zA-Z0-9+.*-]*:\/\/\S+$/;
/** What makes a whitelist entry absolute: a scheme and `://`, or a leading `//`. */
const ABSOLUTE_START = /^(?:[a-zA-Z*][a-zA-Z0-9+.*-]*:\/\/|\/\/)/;

function siteOrigin(site: Obj): string | undefined {
  if (typeof site.url !== 'string' || hasPlaceholder(site.url)) {
    return undefined;
  }
  try {
    const url = new URL(site.url);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

function checkScope(site: Obj, out: Finding[]): void {
  const origin = siteOrigin(site);
  const whitelist: Array<{ index: number; path: string }> = [];
  if (Array.isArray(site.whitelist)) {
    site.whitelist.forEach((entry: unknown, index) => {
      if (typeof entry !== 'string' || hasPlaceholder(entry)) {
        return;
      }
      if (ABSOLUTE_START.test(entry)) {
        let suggestion: string | undefined;
        try {
          const url = new URL(entry.startsWith('//') ? `https:${entry}` : entry);
          suggestion = `${url.pathname}${url.search}${url.hash}`;
        } catch {
          suggestion = undefined;
        }
        out.push({
          code: 'whitelist-absolute-url',
          message: `site.whitelist[${index}] is an absolute URL; the whitelist accepts only paths relative to site.url${
            suggestion !== undefined ? `, such as ${suggestion}` : ' (for example /admin/)'
          }`,
          path: ['site', 'whitelist', index],
          anchor: 'value',
          data: suggestion !== undefined ? { suggestion } : undefined,
        });
      } else {
        whitelist.push({ index, path: entry });
      }
    });
  }
  const blacklist: Array<{ index: number; pattern: RegExp; text: string }> = [];
  if (Array.isArray(site.blacklist)) {
    site.blacklist.forEach((entry: unknown, index) => {
      if (typeof entry !== 'string' || hasPlaceholder(entry)) {
        return;
      }
      if (!ABSOLUTE.test(entry)) {
        const suggestion =
          origin !== undefined && entry.trim() !== '' && !entry.includes('://') ? `${origin}${entry.startsWith('/') ? '' : '/'}${entry.trim()}` : undefined;
        out.push({
          code: 'blacklist-relative-url',
          message: `site.blacklist[${index}] is not an absolute URL; the blacklist accepts only absolute URLs, with * as a wildcard${
            suggestion !== undefined ? `, such as ${suggestion}` : ' (for example https://example.com/logout*)'
          }`,
          path: ['site', 'blacklist', index],
          anchor: 'value',
          data: suggestion !== undefined ? { suggestion } : undefined,
        });
      } else {
        blacklist.push({ index, pattern: globToRegExp(entry), text: entry });
      }
    });
  }
  if (origin === undefined || whitelist.length === 0 || blacklist.length === 0) {
    return;
  }
  for (const w of whitelist) {
    const url = normalizeHost(`${origin}${w.path.startsWith('/') ? '' : '/'}${w.path}`);
    const covering = blacklist.find((b) => b.pattern.test(url));
    if (covering !== undefined) {
      out.push({
        code: 'blacklist-covers-whitelist',
        message: `site.whitelist[${w.index}] (${url}) is also matched by site.blacklist[${covering.index}] (${covering.text}); the blacklist takes precedence, so this path is not scanned`,
        path: ['site', 'whitelist', w.index],
        anchor: 'value',
        data: { blacklistIndex: covering.index },
      });
    }
  }
}

/** Lower-cases the scheme and host of an absolute URL (they are case-insensitive; paths are not). */
function normalizeHost(url: string): string {
  return url.replace(/^[^:/]*:\/\/[^/?#]*/, (origin) => origin.toLowerCase());
}

/** A blacklist entry as a whole-URL matcher: `*` matches any run of characters. */
export function globToRegExp(glob: string): RegExp {
  const source = normalizeHost(glob)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 's');
}
