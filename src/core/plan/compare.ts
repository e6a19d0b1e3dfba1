// What changed in a target-settings file since a base version (a git revision), document by
// document, and so what a plan sends: a bulk update cannot take settings back, so removed ids and
// documents are only listed, and when unsure everything is sent (applying is idempotent, skipping
// a change is not). Documents are matched by position. Pure.

/** A document as the comparison sees it: its ids, and everything else as one canonical text. */
export interface DocumentSnapshot {
  /** The document's ids (strings, each once, in order). */
  readonly ids: readonly string[];
  /** Every field but `ids`, as JSON with sorted keys (equal settings, equal texts). */
  readonly settings: string;
}

/** Why a unit sends what it sends. */
export type UnitChange =
  /** No base to compare with (no `--changed-since`): every id. */
  | 'everything'
  /** The file is new since the base: every id. */
  | 'new file'
  /**
   * Every id: the file could not be read at the base or was renamed, or the document could not be
   * matched with one of the base (another number of documents, and one before it differs).
   */
  | 'unsure'
  /** A document after the last of the base's: every id. */
  | 'new document'
  /** Its settings changed: every id. */
  | 'settings changed'
  /** Same settings, new ids: those only. */
  | 'ids added'
  /** Same settings, no new id: nothing. */
  | 'unchanged';

export interface PlannedUnit {
  /** 0-based index of the document in the file. */
  readonly documentIndex: number;
  readonly change: UnitChange;
  /** Every id of the document. */
  readonly ids: readonly string[];
  /** The ids to send (all of them, the new ones, or none). */
  readonly send: readonly string[];
  /** Ids the base's document did not have (empty without a base). */
  readonly added: readonly string[];
  /** Ids the base's document had and this one has not: listed, not sent. */
  readonly removed: readonly string[];
}

export interface FileComparison {
  readonly units: readonly PlannedUnit[];
  /** Documents of the base past the file's last one: listed, not sent. */
  readonly removedDocuments: readonly { readonly documentIndex: number; readonly ids: readonly string[] }[];
}

/** How the file stands at the base: compared with its documents, not compared, or unknown there. */
export type Base =
  | { readonly kind: 'none' }
  | { readonly kind: 'absent' }
  | { readonly kind: 'unsure' }
  | { readonly kind: 'present'; readonly documents: readonly DocumentSnapshot[] };

export function compareFile(documents: readonly DocumentSnapshot[], base: Base): FileComparison {
  if (base.kind !== 'present') {
    const change: UnitChange = base.kind === 'none' ? 'everything' : base.kind === 'absent' ? 'new file' : 'unsure';
    return { units: documents.map((doc, documentIndex) => whole(doc, documentIndex, change)), removedDocuments: [] };
  }
  const units: PlannedUnit[] = [];
  // Documents are matched by position. In a file with as many documents as at the base, each
  // document is compared with the one at its place. With another number of documents (one added
  // or removed), only while the settings agree: from the first document that differs, it may be
  // one inserted before others, so it and every later one are sent whole.
  const sameCount = documents.length === base.documents.length;
  let matched = true;
  documents.forEach((doc, documentIndex) => {
    const old = base.documents[documentIndex];
    if (matched && old !== undefined && !sameCount && doc.settings !== old.settings) matched = false;
    if (old === undefined || !matched) {
      units.push(whole(doc, documentIndex, old === undefined && matched ? 'new document' : 'unsure'));
      return;
    }
    const added = without(doc.ids, old.ids);
    const removed = without(old.ids, doc.ids);
    if (doc.settings !== old.settings) units.push({ documentIndex, change: 'settings changed', ids: doc.ids, send: doc.ids, added, removed });
    else units.push({ documentIndex, change: added.length > 0 ? 'ids added' : 'unchanged', ids: doc.ids, send: added, added, removed });
  });
  // (Unmatched, the base's later documents cannot be told removed from moved: none is listed.)
  const removedDocuments = matched ? base.documents.slice(documents.length).map((doc, i) => ({ documentIndex: documents.length + i, ids: doc.ids })) : [];
  return { units, removedDocuments };
}

function whole(doc: DocumentSnapshot, documentIndex: number, change: UnitChange): PlannedUnit {
  return { documentIndex, change, ids: doc.ids, send: doc.ids, added: [], removed: [] };
}

/** The items of `a` not in `b`, in `a`'s order. */
function without(a: readonly string[], b: readonly string[]): string[] {
  const other = new Set(b);
  return a.filter((id) => !other.has(id));
}

/** A document's value as a snapshot: its string ids, each once, and the rest canonically. */
export function snapshotOf(value: unknown): DocumentSnapshot {
  const record = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const ids = Array.isArray(record.ids) ? [...new Set(record.ids.filter((id): id is string => typeof id === 'string'))] : [];
  const rest = Object.fromEntries(Object.entries(record).filter(([key]) => key !== 'ids'));
  return { ids, settings: canonicalJson(value === record ? rest : value) };
}

/** JSON with object keys sorted at every level (`undefined` for a document without a value). */
function canonicalJson(value: unknown): string {
  const sorted = (_key: string, v: unknown): unknown =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v;
  return value === undefined ? 'undefined' : JSON.stringify(value, sorted);
}
