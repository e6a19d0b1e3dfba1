// The bytes of the server's messages over stdio: what JSON.stringify makes of each, written into one
// buffer kept from one message to the next, a long list's items (a report of a thousand
// diagnostics) written one by one, each item's JSON made once.
//
// Why: vscode-jsonrpc's own encoder makes a string of the whole message and then a buffer of it.
// For a report of 1,000 diagnostics that is 0.4 MB of each on every keystroke that changes one of
// them: fresh memory to allocate and to collect (a repeat made and unmade among 10,000 repeated
// ids: 5.0-5.4 ms a keystroke with it, 4.3-4.7 ms without). Most of the diagnostics are the
// objects of the last report (convertingOnce in convert.ts), whose JSON is known; so are most of
// the lenses and symbols of a file of many documents (keptAnswers.ts).
//
// The kept buffer is safe to write again because vscode-jsonrpc's stream writer encodes the next
// message only once the last one's write has completed (its write lock is held until then):
// test/unit/server/jsonEncoder.test.ts fails the day it does not.
import type { ContentTypeEncoder, Message } from 'vscode-languageserver/node';

/** A list this long or longer is written item by item. */
const LONG_LIST = 64;
/** A buffer larger than this (for one unusually large message) is not kept for the next one. */
const MAX_KEPT_BYTES = 8 * 1024 * 1024;
/** What stands for the long list in the JSON of the rest of the message. */
const MARK = '\u0000long list\u0000';
const QUOTED_MARK = JSON.stringify(MARK);

export function reusingJsonEncoder(): ContentTypeEncoder {
  let kept: Buffer = Buffer.allocUnsafe(64 * 1024);
  const itemJson = new WeakMap<object, string>();
  const jsonOf = (item: unknown): string => {
    if (typeof item !== 'object' || item === null) return JSON.stringify(item) ?? 'null';
    let json = itemJson.get(item);
    if (json === undefined) {
      json = JSON.stringify(item);
      itemJson.set(item, json);
    }
    return json;
  };

  /** `parts` one after the other, in the kept buffer where they fit. */
  const write = (parts: readonly string[]): Uint8Array => {
    // Room for a byte a character (JSON is mostly ASCII); a part that might not fit in what is left
    // (a UTF-16 code unit takes up to 3 bytes in UTF-8) is measured first, and the buffer grown
    // where it does not. (Room for 3 bytes a character made an answer of 5 MB of lenses take a
    // fresh 16 MB buffer, and the full collections that much memory outside the heap brings.)
    let left = 0;
    for (const part of parts) left += part.length;
    let out = left > kept.length ? grown(kept, 0, left) : kept;
    let at = 0;
    for (const part of parts) {
      left -= part.length;
      if (at + part.length * 3 > out.length) {
        const end = at + Buffer.byteLength(part);
        if (end > out.length) out = grown(out, at, end + left);
      }
      at += out.write(part, at);
    }
    if (out !== kept && out.length <= MAX_KEPT_BYTES) kept = out;
    return out.subarray(0, at);
  };

  return {
    name: 'application/json',
    encode: (msg: Message) => {
      const list = longListOf(msg);
      if (list === undefined) return Promise.resolve(write([JSON.stringify(msg)]));
      const [before, after, more] = JSON.stringify(msg, (_key, value: unknown) => (value === list ? MARK : value)).split(QUOTED_MARK);
      // (The mark's text in a string of the message itself: written as a whole.)
      if (after === undefined || more !== undefined) return Promise.resolve(write([JSON.stringify(msg)]));
      const parts = [before!, '['];
      for (const [i, item] of list.entries()) {
        if (i > 0) parts.push(',');
        parts.push(jsonOf(item));
      }
      parts.push(']', after);
      return Promise.resolve(write(parts));
    },
  };
}

/** A buffer of at least `size` bytes (twice `buffer`'s at least) that starts with `buffer`'s first `used`. */
function grown(buffer: Buffer, used: number, size: number): Buffer {
  const out = Buffer.allocUnsafe(Math.max(size, buffer.length * 2));
  buffer.copy(out, 0, 0, used);
  return out;
}

/**
 * The diagnostics of a report or a publication, or the lenses or symbols of an answer (KeptAnswers
 * in keptAnswers.ts), when they are many.
 */
function longListOf(msg: Message): readonly unknown[] | undefined {
  const m = msg as { result?: { items?: unknown } | unknown[]; params?: { diagnostics?: unknown } };
  const list = Array.isArray(m.result) ? m.result : (m.result?.items ?? m.params?.diagnostics);
  return Array.isArray(list) && list.length >= LONG_LIST ? list : undefined;
}
