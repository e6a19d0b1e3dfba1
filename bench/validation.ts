// 1. Validation: our full path (parse + schema + rules + positions) against yaml-language-server's
// doValidation and the parse floors, on the same generated files.
import { isDeepStrictEqual } from 'util';
import { LineCounter, parseAllDocuments } from 'yaml';
import { validateText } from '../src/core/validation';
import { fastIdsControl } from '../src/core/yaml/fastIds';
import { parseFile } from '../src/core/yaml';
import { SIZES, log, runsFor, targetSettingsFile, timeMedian } from './common';
import { ylsDocument, ylsService } from './yls';

export interface ValidationRow {
  n: number;
  ours: number;
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
    const { text } = targetSettingsFile(n);
    const { runs, warmup } = runsFor(n);
    log(`validation ${n} ids`);
    const ours = await timeMedian(() => validateText(text), runs, warmup);
    fastIdsControl.enabled = false;
    const reference = validateText(text);
    const oursFullParse = await timeMedian(() => validateText(text), runs, warmup);
    fastIdsControl.enabled = true;
    const diagnostics = validateText(text);
    const uri = `file:///bench/validation-${n}.target-settings.yaml`;
    let ylsDiagnostics = 0;
    const ylsTime = await timeMedian(async () => {
      ylsDiagnostics = (await yls.doValidation(ylsDocument(uri, text), false)).length;
    }, runs, warmup);
    const yamlFloor = await timeMedian(() => parseAllDocuments(text, { lineCounter: new LineCounter() }), runs, warmup);
    const json = JSON.stringify(parseFile(text).documents[0].value);
    const jsonFloor = await timeMedian(() => JSON.parse(json), runs, warmup);
    rows.push({
      n,
      ours,
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
