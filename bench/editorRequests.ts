// What VS Code asks a language server for after an edit besides the diagnostics: the code lenses,
// the outline (document symbols: the Outline view and the breadcrumbs) and the folding ranges.
// The server answers them on the thread that parses and checks the next keystroke, so what they
// cost delays it. Timed through the servers over stdio, ours and yaml-language-server, on the
// plain file and on files of many documents.
import { TextDocument } from 'vscode-languageserver-textdocument';
import { label, log, ms, now } from './common';
import { openFresh, series, shapeUri, withTimeout, type Series } from './lsp';
import type { EditScenario, Shape } from './shapes';

/** The three requests, as VS Code sends them for a file (its settings' defaults). */
const REQUESTS = ['textDocument/codeLens', 'textDocument/documentSymbol', 'textDocument/foldingRange'] as const;

/** Edits per series: ours, and yaml-language-server (which takes seconds per edit on these files). */
const EDITS = { ours: 30, yls: 3 } as const;

export interface EditorRequestsRow {
  readonly label: string;
  readonly scenario: string;
  readonly kind: 'ours' | 'yls';
  /** From writing the three requests (once the edit's diagnostics arrived) to the last answer. */
  readonly all: Series;
  /** Each request's median, written with the others to its answer, in the order of {@link REQUESTS}. */
  readonly each: readonly number[];
  /** How many lenses, symbols (the outermost) and folding ranges the last answers held. */
  readonly items: readonly number[];
  readonly failure?: string;
}

/** The requests VS Code sends after an edit, answered, on each of `shapes` for the scenarios `scenarios` picks. */
export async function benchEditorRequests(shapes: readonly Shape[], scenarios: (scenario: EditScenario) => boolean): Promise<EditorRequestsRow[]> {
  const rows: EditorRequestsRow[] = [];
  for (const shape of shapes) {
    for (const kind of ['ours', 'yls'] as const) {
      for (const scenario of shape.scenarios.filter(scenarios)) {
        log(`editor requests ${shape.key}: ${kind}, ${scenario.name}`);
        rows.push(await timeRequests(shape, scenario, kind));
      }
    }
  }
  return rows;
}

async function timeRequests(shape: Shape, scenario: EditScenario, kind: 'ours' | 'yls'): Promise<EditorRequestsRow> {
  const row = { label: shape.label, scenario: scenario.name, kind };
  const all: number[] = [];
  const each: number[][] = REQUESTS.map(() => []);
  let items: number[] = [];
  let opened: Awaited<ReturnType<typeof openFresh>> | undefined;
  try {
    opened = await openFresh(kind, shape);
    const { server } = opened;
    const uri = shapeUri(shape);
    let document = TextDocument.create(uri, 'yaml', 1, shape.ylsText !== undefined && kind === 'yls' ? shape.ylsText : shape.text);
    for (let k = 0; k < EDITS[kind]; k++) {
      const edit = scenario.next(document.getText(), k);
      const change = { range: { start: document.positionAt(edit.start), end: document.positionAt(edit.end) }, text: edit.text };
      document = TextDocument.update(document, [change], document.version + 1);
      const after = server.client.notifications.length;
      server.client.notify('textDocument/didChange', { textDocument: { uri, version: document.version }, contentChanges: [change] });
      await server.diagnostics(uri, after, document.version);
      const t0 = now();
      const answers = await Promise.all(
        REQUESTS.map(async (method, i) => {
          const answer = await withTimeout(server.client.request<unknown[] | null>(method, { textDocument: { uri } }), server.timeoutMs, method);
          each[i]!.push(now() - t0);
          return answer;
        }),
      );
      all.push(now() - t0);
      items = answers.map((a) => a?.length ?? 0);
    }
    return { ...row, all: series(all), each: each.map((xs) => series(xs).median), items };
  } catch (err) {
    const failure = err instanceof Error ? err.message : String(err);
    log(`editor requests ${shape.key} ${kind} failed: ${failure}`);
    return { ...row, all: series(all), each: each.map((xs) => series(xs).median), items, failure };
  } finally {
    await opened?.server.close();
  }
}

/** Section 1.7 of the results. */
export function editorRequestsSection(rows: readonly EditorRequestsRow[]): string[] {
  const out = ['### 1.7 What VS Code asks for after an edit: code lenses, outline, folding ranges', ''];
  out.push(
    '| file | edits | server | edits sent | all three answered: median / p95 / max | answered, median: lenses / outline / folding | lenses, symbols, folding ranges |',
  );
  out.push('|---|---|---|---:|---|---|---|');
  for (const r of rows) {
    const cell = r.all.count === 0 ? 'n/a' : `${ms(r.all.median)} / ${ms(r.all.p95)} / ${ms(r.all.max)}`;
    const failed = r.failure === undefined ? '' : ` (failed: ${r.failure})`;
    out.push(
      `| ${r.label} | ${r.scenario} | ${r.kind === 'ours' ? 'ours' : 'yaml-language-server'} | ${r.all.count} | ${cell}${failed} | ${r.each.map((x) => (Number.isFinite(x) ? ms(x) : 'n/a')).join(' / ')} | ${r.items.map((n) => label(n)).join(', ')} |`,
    );
  }
  out.push('');
  out.push(
    `After each edit's diagnostics arrived, the three requests VS Code sends for a file are written at once (codeLens, documentSymbol, foldingRange, with the client capabilities VS Code's client gives: a hierarchical outline, at most 5,000 folding ranges), timed from writing them to each answer and to the last. VS Code sends them a few hundred milliseconds after typing stops, and the server answers them on the thread that handles the next keystroke: what they take, a keystroke typed meanwhile waits. The answers are parsed by this process, as the extension host parses them. ${EDITS.ours} edits a series (yaml-language-server: ${EDITS.yls}); yaml-language-server answers no code lens of ours (its own: a schema link) and flattens the outline of many documents.`,
  );
  out.push('');
  return out;
}
