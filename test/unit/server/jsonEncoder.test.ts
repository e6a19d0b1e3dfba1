// The stdio encoder writes what JSON.stringify makes of every message, into a buffer it keeps from
// one message to the next: each message's bytes must be those of JSON.stringify, and a message must
// not be overwritten by the next before the stream has taken it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { StreamMessageWriter, type Message } from 'vscode-languageserver/node';
import { reusingJsonEncoder } from '../../../src/server/jsonEncoder';

function diagnostic(i: number, message = `ids[${i}] repeats ids[0] (abc); each target is updated once`): object {
  return {
    range: { start: { line: i, character: 4 }, end: { line: i, character: 16 } },
    severity: 2,
    source: 'scan-targets',
    code: 'duplicate-id',
    message,
    data: { document: 0, path: `/ids/${i}`, data: { firstIndex: 0 } },
    tags: [1],
  };
}

const many = (n: number, from = 0): object[] => Array.from({ length: n }, (_, i) => diagnostic(from + i));

async function bytesOf(encoder: ReturnType<typeof reusingJsonEncoder>, msg: object): Promise<string> {
  const encoded = await encoder.encode(msg as Message, { charset: 'utf-8' });
  return Buffer.from(encoded).toString('utf8');
}

test("each message's bytes are JSON.stringify's, its long list written item by item or not", async () => {
  const encoder = reusingJsonEncoder();
  const kept = many(1000);
  const messages: object[] = [
    { jsonrpc: '2.0', id: 1, result: { capabilities: { hoverProvider: true } } },
    { jsonrpc: '2.0', id: 2, result: { kind: 'full', resultId: '1', items: kept } },
    { jsonrpc: '2.0', id: 3, result: { kind: 'unchanged', resultId: '1' } },
    // The same diagnostics again (their JSON kept), one changed, the list longer: a bigger buffer.
    {
      jsonrpc: '2.0',
      id: 4,
      result: { kind: 'full', resultId: '2', items: [...kept.slice(0, 500), diagnostic(7, 'é — 😀 "quoted" \\ \n'), ...kept, ...many(3000, 5000)] },
    },
    { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///a.yaml', version: 3, diagnostics: many(200) } },
    // A short list, and lists holding other things than objects.
    { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { uri: 'file:///a.yaml', diagnostics: many(3) } },
    { jsonrpc: '2.0', id: 5, result: { kind: 'full', items: [...many(70), null, 4, 'x', [1, 2]] } },
    // The list before the rest, and a value that is the encoder's mark.
    { jsonrpc: '2.0', method: 'textDocument/publishDiagnostics', params: { diagnostics: many(100), uri: '\u0000long list\u0000' } },
    { jsonrpc: '2.0', id: 6, result: null },
    { jsonrpc: '2.0', id: 7, error: { code: -32603, message: 'ünïcode' } },
    // An answer that is a long list (lenses, symbols), written item by item; its items' text more
    // bytes than characters, so that the buffer grows while it is written.
    { jsonrpc: '2.0', id: 8, result: Array.from({ length: 100 }, (_, i) => ({ title: `é${'😀'.repeat(2000)}${i}` })) },
    { jsonrpc: '2.0', id: 9, result: many(64) },
  ];
  for (const [i, msg] of messages.entries()) {
    assert.equal(await bytesOf(encoder, msg), JSON.stringify(msg), `message ${i + 1}`);
  }
});

test('a message is written whole before the next is encoded into the same buffer, however slowly the stream takes it', async () => {
  const taken: Buffer[] = [];
  // A stream that reads each chunk only when it completes the write: late, as a busy pipe would.
  const slow = new Writable({
    write(chunk: Buffer, _encoding, done) {
      setTimeout(() => {
        taken.push(Buffer.from(chunk));
        done();
      }, 5);
    },
  });
  const writer = new StreamMessageWriter(slow, { contentTypeEncoder: reusingJsonEncoder() });
  const messages: Message[] = [1000, 10, 2000, 70, 5].map(
    (n, id) => ({ jsonrpc: '2.0', id, result: { kind: 'full', resultId: String(id), items: many(n, id) } }) as Message,
  );
  await Promise.all(messages.map((m) => writer.write(m)));
  const written = Buffer.concat(taken).toString('utf8');
  const bodies = written.split(/Content-Length: \d+\r\n\r\n/).slice(1);
  assert.deepEqual(
    bodies.map((b) => JSON.parse(b) as unknown),
    messages,
  );
});
