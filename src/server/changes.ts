// The open documents' texts, kept in chunks (chunkedDocument.ts) with incremental sync, and each
// edit reported as offsets of the text before it. The language service keeps where the text
// changed since its last parse; handed to the parse, that spares comparing two whole texts on
// every keystroke (about 2 ms per version of a 2 MB file).
import type { TextDocumentContentChangeEvent, TextDocumentsConfiguration } from 'vscode-languageserver';
import type { TextChange } from '../core/yaml';
import { ChunkedDocument } from './chunkedDocument';

export class ChangeReportingDocuments implements TextDocumentsConfiguration<ChunkedDocument> {
  constructor(private readonly changed: (uri: string, change: TextChange) => void) {}

  create(uri: string, languageId: string, version: number, content: string): ChunkedDocument {
    return new ChunkedDocument(uri, languageId, version, content);
  }

  update(document: ChunkedDocument, events: TextDocumentContentChangeEvent[], version: number): ChunkedDocument {
    for (const change of document.applyAll(events)) this.changed(document.uri, change);
    document.version = version;
    return document;
  }
}
