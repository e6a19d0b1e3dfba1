// Validation (in-process): our full path (parse + schema + rules + positions) against yaml-language-server's
// doValidation and the parse floors, on the same generated files. Each run validates a new text:
// one letter of an id in the middle of the list changes (so nothing of the previous run's list is
// reused), or, for "typing elsewhere", one letter of site.name.
import { isDeepStrictEqual } from 'util';
import { LineCounter, parseAllDocuments } from 'yaml';
import { validateFile, validateText } from '../src/core/validation';
import { parseFile } from '../src/core/yaml';
import { SIZES, at, log, runsFor, targetSettingsFile, timeMedian } from './common';
import { ylsDocument, ylsService } from './yls';

export interface ValidationRow {
  n: number;
  ours: number;
  oursTypingElsewhere: number;
  oursFullParse: number;
  yls: number;
  yamlFloor: number;
  jsonFloor: number;
  diagnostics: number;
  ylsDiagnostics: number;
  identical: boolean;
}

export async function benchValidation(): Promise<ValidationRow[]> {
  const rows: ValidationRow[] = [];
  const yls = ylsService();
  for (const n of SIZES) {
    const { text, ids } = targetSettingsFile(n);
    const { runs, warmup } = runsFor(n);
    log(`validation ${n} ids`);
    const inList = alternate(text, text.indexOf(at(ids, n >> 1)) + 1);
    const elsewhere = alternate(text, text.indexOf('  name: ') + '  name: '.length + 1);
    const ours = await timeMedian(() => validateText(inList()), runs, warmup);
    const oursTypingElsewhere = await timeMedian(() => validateText(elsewhere()), runs, warmup);
    const fullParse = (t: string): ReturnType<typeof validateText> => validateFile(parseFile(t, undefined, undefined, { fastPaths: false }));
    const reference = fullParse(text);
    const oursFullParse = await timeMedian(() => fullParse(inList()), runs, warmup);
    const diagnostics = validateText(text);
    const uri = `file:///bench/validation-${n}.target-settings.yaml`;
    let ylsDiagnostics = 0;
    const ylsTime = await timeMedian(
      async () => {
        ylsDiagnostics = (await yls.doValidation(ylsDocument(uri, inList()), false)).length;
      },
      runs,
      warmup,
    );
    const yamlFloor = await timeMedian(() => parseAllDocuments(text, { lineCounter: new LineCounter() }), runs, warmup);
    const json = JSON.stringify(parseFile(text).documents.get(0)!.value);
    const jsonFloor = await timeMedian(() => JSON.parse(json), runs, warmup);
    rows.push({
      n,
      ours,
      oursTypingElsewhere,
      oursFullParse,
      yls: ylsTime,
      yamlFloor,
      jsonFloor,
      diagnostics: diagnostics.length,
      ylsDiagnostics,
      identical: isDeepStrictEqual(diagnostics, reference),
    });
  }
  return rows;
}

/** Returns the text and a variant with the letter at `at` changed (another letter), in turn. */
function alternate(text: string, at: number): () => string {
  const other = text[at] === 'x' ? 'y' : 'x';
  const changed = text.slice(0, at) + other + text.slice(at + 1);
  let i = 0;
  return () => (i++ % 2 === 0 ? text : changed);
}
