// An open document as the server keeps it: its text in chunks (core's ChunkedText), edited in place
// as the client's changes arrive; the text's line index is the one the parse reads too. The
// language service parses the chunks themselves, reading them around the edit, so a keystroke in a
// long file does not make the file one string again. The whole text as one string is made only for
// a feature that asks for it (`getText()`), once per version. Positions are read as
// vscode-languageserver-textdocument reads them: lines end at `\n`, `\r\n` or a lone `\r`, and a
// character past a line's end is its end.

import type { Position, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { MAX_CHUNK, ChunkedText, type TextChange } from '../core/yaml';

export class ChunkedDocument {
  private content: ChunkedText;

  constructor(
    readonly uri: string,
    readonly languageId: string,
    public version: number,
    content: string,
  ) {
    this.content = ChunkedText.from(content);
    // Its line index is made now, with the open, rather than on the first keystroke.
    void this.content.lines;
  }

  /** The text in chunks, for the language service to parse. */
  get text(): ChunkedText {
    return this.content;
  }

  getText(range?: Range): string {
    if (range === undefined) return this.content.toString();
    // (As `substring`, which the replaced document used: a reversed range gives its text too.)
    const a = this.offsetAt(range.start);
    const b = this.offsetAt(range.end);
    return this.content.slice(Math.min(a, b), Math.max(a, b));
  }

  /**
   * Applies one change event of `textDocument/didChange` (a range, or the whole text) and says
   * where, in offsets of the text before it.
   */
  apply(event: TextDocumentContentChangeEvent): TextChange {
    if (!('range' in event)) {
      const oldEnd = this.content.length;
      this.content = ChunkedText.from(event.text);
      return { start: 0, oldEnd, newEnd: event.text.length };
    }
    const a = this.offsetAt(event.range.start);
    const b = this.offsetAt(event.range.end);
    // (A reversed range is read as vscode-languageserver-textdocument reads it: start first.)
    const start = Math.min(a, b);
    const end = Math.max(a, b);
    this.content = this.content.edit(start, end, event.text);
    return { start, oldEnd: end, newEnd: start + event.text.length };
  }

  /**
   * Applies the change events of one `textDocument/didChange`, in order, and says where the text
   * changed. Many at once (a replace-all, an edit at many cursors: VS Code sends them last first,
   * each range before the one before it) are made in one pass over the text when they are so given
   * (ChunkedText.editAll), reported as one change; one at a time, each copies the chunk it touches.
   */
  applyAll(events: readonly TextDocumentContentChangeEvent[]): TextChange[] {
    // One at a time costs up to a chunk's copy per event; one pass, a copy of the text.
    const edits = events.length > 1 && events.length * MAX_CHUNK >= this.content.length ? this.lastFirst(events) : undefined;
    if (edits === undefined) return events.map((event) => this.apply(event));
    this.content = this.content.editAll(edits);
    const start = edits[0]!.start;
    const oldEnd = edits[edits.length - 1]!.end;
    let newEnd = oldEnd;
    for (const edit of edits) newEnd += edit.text.length - (edit.end - edit.start);
    return [{ start, oldEnd, newEnd }];
  }

  /**
   * The events' edits in offsets of this text, in the text's order, when each event's range ends at
   * or before the start of the one before it, so that its positions read the same in this text as
   * in the text the events before it made, and names them exactly (a line of the text, a character
   * within it); `undefined` otherwise, and for a whole-text event.
   */
  private lastFirst(events: readonly TextDocumentContentChangeEvent[]): { start: number; end: number; text: string }[] | undefined {
    const edits: { start: number; end: number; text: string }[] = [];
    let limit = this.content.length;
    for (const event of events) {
      if (!('range' in event)) return undefined;
      const a = this.exactOffsetAt(event.range.start);
      const b = this.exactOffsetAt(event.range.end);
      if (a === undefined || b === undefined) return undefined;
      const start = Math.min(a, b);
      const end = Math.max(a, b);
      // (At the start of the one before it, after a `\r`: that one may make it a `\r\n`, and so
      // move where a line starts.)
      if (end > limit || (end === limit && this.content.charCodeAt(end - 1) === 0x0d)) return undefined;
      edits.push({ start, end, text: event.text });
      limit = start;
    }
    return edits.reverse();
  }

  /** The offset of `position` when it names a line of the text and a character within that line's content. */
  private exactOffsetAt(position: Position): number | undefined {
    const lines = this.content.lines;
    if (position.line < 0 || position.line >= lines.lineCount || position.character < 0) return undefined;
    const offset = lines.lineStart(position.line) + position.character;
    return this.offsetAt(position) === offset ? offset : undefined;
  }

  positionAt(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.content.length));
    const lines = this.content.lines;
    const line = lines.lineOf(o);
    const lineStart = lines.lineStart(line);
    return { line, character: this.beforeEol(o, lineStart) - lineStart };
  }

  offsetAt(position: Position): number {
    const lines = this.content.lines;
    if (position.line >= lines.lineCount) return this.content.length;
    if (position.line < 0) return 0;
    const lineStart = lines.lineStart(position.line);
    if (position.character <= 0) return lineStart;
    const next = position.line + 1 < lines.lineCount ? lines.lineStart(position.line + 1) : this.content.length;
    return this.beforeEol(Math.min(lineStart + position.character, next), lineStart);
  }

  /** `offset` moved back before the line break it is in or after, not before `lineStart`. */
  private beforeEol(offset: number, lineStart: number): number {
    while (offset > lineStart) {
      const c = this.content.charCodeAt(offset - 1);
      if (c !== 0x0a && c !== 0x0d) break;
      offset--;
    }
    return offset;
  }
}
