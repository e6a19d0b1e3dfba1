// The lenses and outline symbols the server answers for a file of many documents: each document's
// part is given again as the same objects (whose JSON the encoder keeps) while what it shows is the
// same, and made anew where it is not: moved to another line, another count, another document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeLens, DocumentSymbol } from 'vscode-languageserver';
import { LanguageService } from '../../../src/core/service';
import { ChunkedDocument } from '../../../src/server/chunkedDocument';
import { toCodeLenses, toDocumentSymbols } from '../../../src/server/convert';
import { KeptAnswers } from '../../../src/server/keptAnswers';
import { SERVER_PARSE_OPTIONS } from '../../../src/server/protocol';

const URI = 'file:///work/kept.target-settings.yaml';
const documentText = (i: number, ids = 2): string =>
  `ids:\n${Array.from({ length: ids }, (_, j) => `  - d${i}x${j}\n`).join('')}site:\n  name: Site ${i}\n  url: https://s.example/${i}\n`;

/** What the server keeps to answer: its language service and its kept lenses and symbols. */
interface Server {
  readonly service: LanguageService;
  readonly lenses: KeptAnswers<readonly CodeLens[]>;
  readonly symbols: KeptAnswers<DocumentSymbol>;
}

const newServer = (): Server => ({ service: new LanguageService(() => 'unset', SERVER_PARSE_OPTIONS), lenses: new KeptAnswers(), symbols: new KeptAnswers() });

/** The lenses and outline `server` answers for version `version` of the file, `text`. */
function answers(text: string, version: number, { service, lenses, symbols }: Server) {
  const document = new ChunkedDocument(URI, 'yaml', version, text);
  const file = service.parse(URI, version, document.text);
  return { lenses: toCodeLenses(document, service.lenses(file), lenses), symbols: toDocumentSymbols(document, service.symbols(file), symbols) };
}

test('lenses and symbols of documents that show the same are the objects last given; the others are made anew', () => {
  const server = newServer();
  const texts = Array.from({ length: 20 }, (_, i) => documentText(i));
  const first = answers(texts.join('---\n'), 1, server);
  assert.equal(first.lenses.length, 40);

  // Document 6 gets a third id (its lens counts 3, and every document after it starts a line lower);
  // a letter typed in document 2's site name moves nothing.
  const edited = [...texts];
  edited[2] = edited[2]!.replace('Site 2', 'Site 22');
  edited[6] = documentText(6, 3);
  const second = answers(edited.join('---\n'), 2, server);
  const sameLens = second.lenses.map((lens, i) => lens === first.lenses[i]);
  assert.deepEqual(
    sameLens,
    Array.from({ length: 40 }, (_, i) => i < 12),
    'the lenses before document 6 are the same objects; those of document 6 and after are new',
  );
  assert.equal(second.lenses[12]!.command!.title, 'Bulk update 3 targets');
  assert.equal(second.lenses[14]!.range.start.line, first.lenses[14]!.range.start.line + 1);
  const sameSymbol = second.symbols.map((symbol, i) => symbol === first.symbols[i]);
  // (The outline of a file of several documents: one symbol a document, its keys its children.)
  assert.ok(
    sameSymbol.every((same) => !same),
    'document symbols with children are made anew',
  );
  for (const answer of [first, second]) assert.deepEqual(JSON.parse(JSON.stringify(answer.lenses)), answer.lenses);

  // Fewer documents: what was kept past the last is forgotten, and the answer is as made from scratch.
  const third = answers(edited.slice(0, 5).join('---\n'), 3, server);
  assert.deepEqual(third, answers(edited.slice(0, 5).join('---\n'), 3, newServer()));
});

test('document symbols without children (past the outline budget) are given again while the same', () => {
  const server = newServer();
  const texts = Array.from({ length: 1000 }, (_, i) => documentText(i));
  const first = answers(texts.join('---\n'), 1, server);
  const edited = [...texts];
  edited[900] = edited[900]!.replace('d900x0', 'd900y0');
  const second = answers(edited.join('---\n'), 2, server);
  const childless = first.symbols.filter((s) => s.children!.length === 0).length;
  assert.ok(childless >= 500, `half the document symbols are past the budget: ${childless}`);
  const same = second.symbols.filter((s, i) => s === first.symbols[i]).length;
  assert.equal(same, childless, 'every childless symbol given again (none of them changed)');
  assert.deepEqual(second.symbols, answers(edited.join('---\n'), 2, newServer()).symbols);
});
