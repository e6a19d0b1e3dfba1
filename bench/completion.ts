// Completion (in-process) at the end of the file and inside `site`: after a one-character edit (a new
// version through the LanguageService, as the language server does) and on an unchanged version (cache hit),
// against yaml-language-server's doComplete.
import { complete } from '../src/core/assist';
import { LanguageService } from '../src/core/service';
import { SERVER_PARSE_OPTIONS } from '../src/server/protocol';
import { SIZES, log, runsFor, targetSettingsFile, timeMedian } from './common';
import { ylsDocument, ylsService } from './yls';

export interface CompletionRow {
  n: number;
  where: 'end of file' | 'inside site';
  oursEdit: number;
  oursCached: number;
  ylsEdit: number;
  ylsCached: number;
  oursItems: number;
  ylsItems: number;
}

function positionAt(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, character: offset - start };
}

export async function benchCompletion(): Promise<CompletionRow[]> {
  const rows: CompletionRow[] = [];
  const yls = ylsService();
  for (const n of SIZES) {
    const base = targetSettingsFile(n).text;
    // The edit toggles one character of site.name (Shop <-> Shoq), before both cursors' lines.
    const editAt = base.indexOf('  name: Shop (staging)') + '  name: Sho'.length;
    const edited = base.slice(0, editAt) + 'q' + base.slice(editAt + 1);
    const variant = (k: number): string => (k % 2 === 0 ? base : edited);
    const cursors = {
      'end of file': base.length, // on the empty last line: root keys
      'inside site': base.indexOf('  desc:') + 2, // at the start of a site key: site keys
    } as const;
    const { runs, warmup } = runsFor(n);
    for (const where of ['end of file', 'inside site'] as const) {
      log(`completion ${n} ids, ${where}`);
      const offset = cursors[where];
      const service = new LanguageService(() => 'unset', SERVER_PARSE_OPTIONS);
      const uri = `file:///bench/completion-${n}.target-settings.yaml`;
      let version = 0;
      let oursItems = 0;
      const oursEdit = await timeMedian(
        () => {
          version++;
          oursItems = complete(service.parse(uri, version, variant(version)), offset).items.length;
        },
        runs,
        warmup,
      );
      const oursCached = await timeMedian(() => complete(service.parse(uri, version, variant(version)), offset), runs * 3, warmup);
      let ylsItems = 0;
      let k = 0;
      const ylsEdit = await timeMedian(
        async () => {
          k++;
          const text = variant(k);
          ylsItems = (await yls.doComplete(ylsDocument(uri, text), positionAt(text, offset), false)).items.length;
        },
        runs,
        warmup,
      );
      const fixed = ylsDocument(uri, base);
      const fixedPosition = positionAt(base, offset);
      const ylsCached = await timeMedian(() => yls.doComplete(fixed, fixedPosition, false), runs, warmup);
      rows.push({ n, where, oursEdit, oursCached, ylsEdit, ylsCached, oursItems, ylsItems });
    }
  }
  return rows;
}
