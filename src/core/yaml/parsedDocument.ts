// One YAML document of a parsed file: its `yaml` AST with node ranges at file offsets, and its
// plain-JS value computed on first use, safely (aliases that expand too much are refused).
//
// Offsets are 0-based UTF-16 indices into the file text (what JS strings, the `yaml` package and
// VS Code's offsetAt use). Positions are 0-based line/character, as in VS Code.

import { Document, YAMLError, YAMLSeq, isCollection, isMap, isScalar, isSeq, type ToJSOptions } from 'yaml';
import { mapDocument } from './documentMoves';
import { fastEntryOf, fastIdsOf, type FastEntry, type KnownIds, type LongIdsList } from './fastIds';
import { isPlainDocument, plainValue, type PlainShape } from './fastDocuments';
import { itemsThatMayNest, type OffsetRange } from './nodes';

/** (Defined with the node lookups, which give such ranges; core reads it from here too.) */
export type { OffsetRange } from './nodes';

/**
 * Most alias expansions `toJS` performs before it gives up (the `yaml` package's own guard against
 * "billion laughs" documents). A document over the limit gets no value, and
 * {@link ParsedDocument.valueError} says why.
 */
export const MAX_ALIAS_COUNT = 100;

/**
 * Deepest nesting of mapping keys that are themselves lists or mappings (`? ? ? a`, `{{a: 1}: 1}`)
 * a document may have to get a value. `toJS` writes each such key out as text to make a property
 * name, the keys inside it included, at every level: a line of a few hundred `? ` took minutes.
 * Target-settings files have no such keys at all.
 */
export const MAX_KEY_NESTING = 16;

export { YAML_OPTIONS } from './yamlOptions';

/**
 * A block collection below a document's root (ParsedDocument.plainShape): from the start of its
 * key, or of the list item it is, to its end; `depth`: how many collections enclose it below the root.
 */
export interface CollectionSpan {
  readonly start: number;
  readonly end: number;
  readonly depth: number;
}

/** Why a document has no plain-JS value. */
export interface DocumentValueError {
  /** `alias-limit`: aliases expand beyond {@link MAX_ALIAS_COUNT}; `other`: anything else. */
  readonly kind: 'alias-limit' | 'other';
  readonly message: string;
}

/**
 * @internal What a parsed document keeps from one version of the file to the next while its text
 * stays as it is (the same object: the parse takes the document over): its value, computed once,
 * and how far it has still to move.
 */
export interface DocumentState {
  /** Where the document starts and ends (trailing comments included) where its run was parsed. */
  readonly start: number;
  readonly end: number;
  computed: boolean;
  value: unknown;
  error: DocumentValueError | undefined;
  /** Whether computing the value resolved any alias. */
  usesAliases: boolean;
  /**
   * What checks found in the document, by check (PerDocument): kept with it while its text stays.
   * A list shared with every document that holds the same (see {@link sharedFound}) until a check
   * finds something of the document's own.
   */
  found: unknown[];
  /**
   * How much of its run's move ({@link Moves}) the document's nodes have taken: an edit before it
   * moves it on every keystroke, and a walk of every node of every document after the edit cost
   * more than the rest of the keystroke. Its nodes are moved when it is next read
   * (ParsedDocument.document).
   */
  nodesMoved: number;
  /**
   * Whether it is a document of plain block mappings read for its value first (readPlainValues in
   * fastDocuments.ts), its nodes read when asked for; then {@link plain} is what is known of it
   * without them.
   */
  readonly readForValue: boolean;
  readonly plain: PlainShape | undefined;
  /**
   * ParsedDocument.longIdsList as first made, which holds as long as the list (until the next parse
   * of the document): asked for the range of each of 1,000 repeated ids, making it each time was
   * 0.5 MB of garbage a keystroke. (None in a document read for its value.)
   */
  longIds?: { readonly seq: unknown; readonly long: LongIdsList } | undefined;
}

/**
 * @internal Where a run of text parsed on its own (a slice) stands: how far it has moved since it
 * was parsed, in all (its documents' offsets move with it), and the index of its first document.
 * Kept once per run, not per document, and read from the file's end for the runs after the last
 * edit (placement.ts): an edit before them moves them, and changes their documents' indexes,
 * without a write to each (in a file of 100,000 documents, those writes were most of a keystroke).
 */
export interface Moves {
  readonly moved: number;
  readonly firstDocument: number;
  /** The run's documents (its nodes at the offsets {@link DocumentState.nodesMoved} says). */
  readonly documents: readonly Document.Parsed[];
  /** What its document `i` keeps. */
  state(i: number): DocumentState;
  /** Moves the run's `ids` scan (whose nodes the fast path's list hands out) to where the run now is. */
  moveIds(): void;
}

/** How many checks keep what they found in each document (PerDocument): the length of DocumentState.found. */
let foundSlots = 0;

/**
 * The lists of what checks found that documents share (DocumentState.found), never written to:
 * most documents of a file find what many do (nothing, with the same key: PerDocument), and a list
 * of its own for each (96 bytes with six checks) was a tenth of what the server held with 100,000
 * small documents open. Each shared list leads, for a check's shared finding (an object), to the
 * shared list that holds it too.
 */
const sharedLists = new WeakMap<readonly unknown[], WeakMap<object, unknown[]>>();

/** The list every document starts with: nothing kept by any check. */
export const NOTHING_KEPT: unknown[] = [];
sharedLists.set(NOTHING_KEPT, new WeakMap());

/** The shared list that holds what `found` (a shared list) holds, with `kept` at `slot`. */
function sharedFound(found: readonly unknown[], slot: number, kept: object): unknown[] {
  const next = sharedLists.get(found)!;
  let list = next.get(kept);
  if (list === undefined) {
    list = listOf(found);
    list[slot] = kept;
    next.set(kept, list);
    sharedLists.set(list, new WeakMap());
  }
  return list;
}

/**
 * A list of what checks found holding what `found` holds, as long as the checks are: grown by V8,
 * it held room for 16 more (a file of 100,000 documents: 25 MB).
 */
function listOf(found: readonly unknown[]): unknown[] {
  const list = new Array<unknown>(foundSlots);
  for (const [i, value] of found.entries()) list[i] = value;
  return list;
}

/** A place in each document's DocumentState.found for a check of its own. */
export function newFoundSlot(): number {
  return foundSlots++;
}

/** The state of a document just parsed (a document read for its value first: stateColumns.ts). */
export function freshState(document: Document.Parsed): DocumentState {
  return {
    start: document.range[0],
    end: document.range[2],
    computed: false,
    value: undefined,
    error: undefined,
    usesAliases: false,
    found: NOTHING_KEPT,
    nodesMoved: 0,
    readForValue: false,
    plain: undefined,
    longIds: undefined,
  };
}

/** Forgets a document's value, computed again when next asked for (its `yaml` document was dropped). */
export function forgetValue(state: DocumentState): void {
  state.computed = false;
  state.value = undefined;
  state.error = undefined;
  state.usesAliases = false;
}

/**
 * One YAML document of a file. `document` is the `yaml` package's AST; every node's `range` is in
 * offsets of the whole file (not of the document). Treat the AST and `value` as read-only: they
 * may be shared with later parses of the same text. A view of what its slice keeps, made when asked
 * for (DocumentList): tell two documents apart by {@link index}, not by the object.
 */
export class ParsedDocument {
  /** @internal */
  constructor(
    /** 0-based index of the document in its run. */
    private readonly inRun: number,
    private readonly run: Moves,
  ) {}

  /** What the document keeps: asked of its run each time (a run of documents read for their values makes a view of its columns). */
  private get state(): DocumentState {
    return this.run.state(this.inRun);
  }

  /** 0-based index of the document in the file. */
  get index(): number {
    return this.run.firstDocument + this.inRun;
  }

  /** How far the document has moved since its nodes' offsets were last made right. */
  private get unmoved(): number {
    return this.run.moved - this.state.nodesMoved;
  }

  /** The `yaml` AST, with file offsets (moved first, if an edit before it moved it: see DocumentState.nodesMoved). */
  get document(): Document.Parsed {
    // (Read first: a run that had dropped its documents reads them again where it was parsed.)
    const parsed = this.run.documents[this.inRun]!;
    this.run.moveIds();
    const delta = this.unmoved;
    if (delta !== 0) {
      this.state.nodesMoved = this.run.moved;
      mapDocument(parsed, (offset) => offset + delta);
    }
    return parsed;
  }

  /**
   * What check `slot` (PerDocument) found in the document: kept in every version of the file while
   * the document's text stays as it is (the parse takes the document over), whether or not an edit
   * before it moved it.
   */
  found(slot: number): unknown {
    return this.state.found[slot];
  }

  /**
   * Keeps what check `slot` found in the document (see {@link found}); `shared`: an object the check
   * keeps for many documents, which they may keep in a list they share.
   */
  keepFound(slot: number, kept: unknown, shared = false): void {
    const state = this.state;
    let found = state.found;
    if (found[slot] === kept) return;
    const own = !sharedLists.has(found);
    if (!own && shared && typeof kept === 'object' && kept !== null) {
      state.found = sharedFound(found, slot, kept);
      return;
    }
    // (A check made after the document was read, which the validator is when first asked for,
    // finds its list too short.)
    if (!own || slot >= found.length) state.found = found = listOf(found);
    found[slot] = kept;
  }

  /** How far the document has moved in all since it was parsed (what {@link found} holds moves by as much). */
  get moved(): number {
    return this.run.moved;
  }

  /** Offset where the document starts (its `---` line, or its first content). */
  get start(): number {
    return this.state.start + this.run.moved;
  }

  /** Offset where the document ends, trailing comments included (exclusive). */
  get end(): number {
    return this.state.end + this.run.moved;
  }

  /** YAML errors of this document (syntax, duplicate keys, tabs, ...). */
  get errors(): readonly YAMLError[] {
    return this.state.readForValue ? NONE : this.document.errors;
  }

  /** YAML warnings of this document. */
  get warnings(): readonly YAMLError[] {
    return this.state.readForValue ? NONE : this.document.warnings;
  }

  /** True when the document holds no node at all (only `---`, comments or blank lines). */
  get isEmpty(): boolean {
    return this.state.plain?.isEmpty ?? isEmptyContents(this.document.contents);
  }

  /**
   * Of a document read for its value first (FileParseOptions.valuesFirst), what the read noted of
   * its nodes, where the document now is: the range of its root's `ids` key, how many different
   * ids its list holds, and its block collections below the root (see PlainShape). The lenses and
   * folding ranges of every document of a file are found from it; `undefined` for a document read
   * with its nodes.
   */
  get plainShape(): { idsKey: OffsetRange | undefined; distinctIds: number; collections: CollectionSpan[] } | undefined {
    const plain = this.state.plain;
    if (plain === undefined) return undefined;
    const moved = this.run.moved;
    const { idsKeyStart, idsKeyEnd, distinctIds, collections: spans } = plain;
    const collections: CollectionSpan[] = [];
    for (let i = 0; i < spans.length; i += 3) collections.push({ start: spans[i]! + moved, end: spans[i + 1]! + moved, depth: spans[i + 2]! });
    return { idsKey: idsKeyStart === -1 ? undefined : { start: idsKeyStart + moved, end: idsKeyEnd + moved }, distinctIds, collections };
  }

  /**
   * The document as plain JS data (`toJS` with {@link MAX_ALIAS_COUNT}), computed on first use.
   * `undefined` when it cannot be computed; {@link valueError} then says why.
   */
  get value(): unknown {
    return this.compute().value;
  }

  /** Why {@link value} is `undefined`, if it is. */
  get valueError(): DocumentValueError | undefined {
    return this.compute().error;
  }

  /** Whether {@link value} expanded any alias (`*name`); false when the value failed. */
  get usesAliases(): boolean {
    return this.compute().usesAliases;
  }

  /**
   * The document's long `ids` list, when the parse built it from the list's lines (the fast path):
   * its entry, its items' values and the items the parse vouches for. The one way the rest of core
   * learns of that work; `undefined` for a list the parser read as any other.
   */
  get longIdsList(): LongIdsList | undefined {
    const state = this.state;
    if (state.readForValue) return undefined;
    const kept = state.longIds;
    // (The entry holds another value only while documentToJS converts the rest of the document.)
    if (kept !== undefined && kept.long.pair.value === kept.seq) {
      this.run.moveIds(); // (its ranges are read from the scan)
      return kept.long;
    }
    const fast = fastIdsOf(this.document);
    if (fast === undefined) return undefined;
    const { list, pair } = fast;
    const long: LongIdsList = { pair, values: list.scalarValues, known: list.known, valueRange: (i) => list.valueRange(i) };
    state.longIds = { seq: pair.value, long };
    return long;
  }

  /**
   * The key of the document's long list the fast path built (any key, a misspelled one too; none for
   * a bare list) and what the parse knows of its ids.
   */
  get longListIds(): { key: string | undefined; known: KnownIds } | undefined {
    const entry = this.fastEntry;
    return entry === undefined ? undefined : { key: entry.key, known: entry.list.known };
  }

  /**
   * The document's long list the fast path built, whatever holds it: the `ids` entry, a misspelled
   * key's entry, or the document itself (a bare list). What walks the text jumps over its lines.
   */
  get longList(): YAMLSeq | undefined {
    return this.fastEntry?.seq;
  }

  /** The long list the fast path built, whatever holds it (none in a document read for its value first: no node asked for). */
  private get fastEntry(): FastEntry | undefined {
    return this.state.readForValue ? undefined : fastEntryOf(this.document);
  }

  private compute(): DocumentState {
    const state = this.state;
    if (!state.computed) {
      state.computed = true;
      let usesAliases = false;
      // (The keys of a document the fast path built are strings.)
      if (!isPlainDocument(this.document) && keysNestTooDeep(this.document.contents)) {
        state.value = undefined;
        state.error = { kind: 'other', message: `its mapping keys nest lists or mappings more than ${MAX_KEY_NESTING} levels deep` };
        return state;
      }
      try {
        state.value = documentToJS(this.document, {
          maxAliasCount: MAX_ALIAS_COUNT,
          // `count` is 1 for the anchored node itself, plus 1 per alias resolved to it.
          onAnchor: (_value, count) => {
            if (count > 1) usesAliases = true;
          },
        });
        state.usesAliases = usesAliases;
      } catch (error) {
        state.value = undefined;
        const message = error instanceof Error ? error.message : String(error);
        state.error = {
          kind: error instanceof ReferenceError && /alias/i.test(message) ? 'alias-limit' : 'other',
          message,
        };
      }
    }
    return state;
  }
}

const NONE: readonly YAMLError[] = [];

function isEmptyContents(contents: Document.Parsed['contents']): boolean {
  if (contents == null) return true;
  return (
    isScalar(contents) && contents.value === null && contents.range[0] === contents.range[1] && contents.tag === undefined && contents.anchor === undefined
  );
}

/**
 * `document.toJS(options)` (plainValue for a document fastDocuments.ts built); for a document whose
 * long list the fast path built (its `ids`, the list of a misspelled key, or the document itself),
 * that list's values are the fast path's (kept up to date from one version to the next) rather
 * than converted one by one. (An alias to an anchored list finds an empty list without an anchor
 * in its place, and fails: then the whole document is converted, as it was written.)
 */
function documentToJS(document: Document.Parsed, options: ToJSOptions): unknown {
  const toJS = (): unknown => (isPlainDocument(document) ? plainValue(document.contents) : document.toJS(options));
  const fast = fastEntryOf(document);
  if (fast !== undefined) {
    const { list, key, seq } = fast;
    // The document's JS with only the items the `yaml` parse read in the list: the `yaml` package's
    // toJS of the list itself would make a node per id (its `items`), 80 ms a keystroke for 100,000
    // ids and one mapping among them.
    const parsed = new YAMLSeq();
    parsed.items = [...list.parsedItems];
    fast.put(parsed);
    try {
      const value = toJS();
      if (key === undefined) return list.valuesWith(value as unknown[]);
      // (The `yaml` package made the entry an own property, even for a key `__proto__`.)
      const map = value as Record<string, unknown>;
      map[key] = list.valuesWith(map[key] as unknown[]);
      return map;
    } catch (err) {
      if (seq.anchor === undefined) throw err;
    } finally {
      fast.put(seq);
    }
  }
  return toJS();
}

/** Whether mapping keys that are lists or mappings nest deeper than {@link MAX_KEY_NESTING} (a walk without recursion). */
function keysNestTooDeep(root: unknown): boolean {
  const stack: { node: unknown; keys: number }[] = [{ node: root, keys: 0 }];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { node, keys } = top;
    if (isMap(node)) {
      for (const pair of node.items) {
        if (isCollection(pair.key)) {
          if (keys >= MAX_KEY_NESTING) return true;
          stack.push({ node: pair.key, keys: keys + 1 });
        }
        if (isCollection(pair.value)) stack.push({ node: pair.value, keys });
      }
    } else if (isSeq(node)) {
      for (const item of itemsThatMayNest(node)) if (isCollection(item)) stack.push({ node: item, keys });
    }
  }
  return false;
}
