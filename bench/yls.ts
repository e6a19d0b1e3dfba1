// yaml-language-server configured offline with our schema (as in test/unit/schema.test.ts). It
// caches parsed documents by uri and version, so every "new version" gets a version of its own.
import { getLanguageService, type LanguageService } from 'yaml-language-server';
import { TextDocument } from 'vscode-languageserver-textdocument';
import schema from '../schemas/target-settings.schema.json';

let version = 0;

export function ylsService(): LanguageService {
  const service = getLanguageService({
    schemaRequestService: async () => JSON.stringify(schema),
    workspaceContext: { resolveRelativePath: (relativePath: string, resource: string) => new URL(relativePath, resource).toString() },
  });
  service.configure({
    validate: true,
    hover: true,
    completion: true,
    schemas: [{ uri: 'file:///target-settings.schema.json', fileMatch: ['*'], schema }],
  });
  return service;
}

/** A document at a version never used before. */
export function ylsDocument(uri: string, text: string): TextDocument {
  return TextDocument.create(uri, 'yaml', ++version, text);
}
