// `npm run bench`: every benchmark in one run, printed as Markdown and written to bench/results.md
// with the date and the machine; a chart (media/performance.svg) and one row per target, its worst
// case named, are also written into README.md's Performance section (between the `bench:targets`
// marker comments). Figures only: nothing here is a test, and
// a missed target is printed as MISSED with the reason measured. Only talks to 127.0.0.1 (the
// local sandbox); spawned servers are always killed; a watchdog ends a stuck run.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { benchActivation, type ActivationRow } from './activation';
import { breakdown, type Breakdown } from './breakdown';
import { benchBulk } from './bulk';
import { ROOT, at, kb, label, log, median, ms, now, ratio, verdict } from './common';
import { benchCompletion } from './completion';
import { benchEditorRequests, editorRequestsSection } from './editorRequests';
import {
  LSP_IDS,
  RESTED_ABOVE_BYTES,
  benchLanguageServers,
  benchMemoryBySize,
  benchDocuments,
  benchPushed,
  benchRejectedIds,
  benchReplaceAll,
  killServers,
  type MemoryBySize,
  type Delivery,
  type DocumentsResult,
  type RejectedIdsResult,
  type ReplaceAllResult,
  type Series,
  type ServerResult,
  type ShapeResult,
} from './lsp';
import { benchMemory } from './memory';
import { documentsShape, shapes as makeShapes } from './shapes';
import { fullTable, headlineTable, status, type TargetRow } from './targets';
import { performanceChart } from './chart';
import { benchValidation } from './validation';

const WATCHDOG_MS = 45 * 60_000;
const README = path.join(ROOT, 'README.md');
const CHART = path.join(ROOT, 'media', 'performance.svg');
const START_MARKER = '<!-- bench:targets:start -->';
const END_MARKER = '<!-- bench:targets:end -->';

/** The language-server targets (the server over stdio, on every shape of file). */
const GOALS = {
  openRatio: 0.2,
  cliRatio: 0.2,
  cliStartRatio: 1.5,
  editP95: 16,
  editMedian: 5,
  completionP95: 10,
  rssBytes: RESTED_ABOVE_BYTES,
  keystrokeMs: 2,
};

/** What a server held at rest, where it was over the goal after the edits. */
function restedOf(r: ServerResult): string {
  return r.rssRested === undefined
    ? ''
    : `; 12 s later, at rest, ${mb(r.rssRested)}: collected once the process is idle (by the server a second after its last parse, where it dropped documents; by V8's memory reducer after several seconds)`;
}

function mb(bytes: number): string {
  return Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : 'n/a';
}

function fmt(x: number): string {
  return Number.isFinite(x) ? ms(x) : 'n/a';
}

function fmtRatio(x: number): string {
  return Number.isFinite(x) ? ratio(x) : 'n/a';
}

/**
 * A time of yaml-language-server's to compare with: where it gave no first diagnostics, the time
 * they were waited for, which its own exceeds (a ratio against it is then an upper bound).
 */
function ylsTime(ms: number, yls: ServerResult): { ms: number; text: string; bound: string } {
  if (Number.isFinite(ms) || yls.unansweredAfterMs === undefined) return { ms, text: fmt(ms), bound: '' };
  return { ms: yls.unansweredAfterMs, text: `no first diagnostics in ${(yls.unansweredAfterMs / 1000).toFixed(0)} s`, bound: '< ' };
}

interface Context {
  shape: ShapeResult;
  cost: Breakdown;
  /** `scan-targets validate` on a tiny file: the fixed cost of a CLI process. */
  cliFloorMs: number;
  /** The machine's load average over the bench (other processes compete for the cores). */
  load: string;
  /** VmRSS of our server with no file open. */
  idleRss: number;
}

/** One line on where an edit's time goes in-process (parse and validation of the new version, per zone). */
function whereTimeGoes(cost: Breakdown, scenario: number): string {
  const edits = cost.scenarios[scenario]?.edits ?? [];
  if (edits.length === 0) return '';
  const paths = [...new Set(edits.map((e) => e.path))];
  const zones = edits.map((e) => `${e.zone} ${ms(e.parseMs)} + ${ms(e.validateMs)}`).join(', ');
  return `in-process, parse + validation of the new version for one edit per zone (section 1.4): ${zones} (${paths.join('; ')})`;
}

function failureOf(r: ServerResult): string {
  return r.failure === undefined ? '' : ` (${r.kind === 'ours' ? 'our server' : 'yaml-language-server'} failed: ${r.failure})`;
}

/** Caveats on a comparison: a server that did not see the file's structure, or unexpected first diagnostics. */
function caveats(shape: ShapeResult): string {
  const words: string[] = [];
  if (shape.ylsGivenLf) words.push('yaml-language-server, which reads a lone CR as no line break at all, was given the same file with LF');
  for (const r of [shape.ours, shape.yls]) {
    const who = r.kind === 'ours' ? 'our server' : 'yaml-language-server';
    if (r.failure === undefined && !r.structureCheck)
      words.push(
        `${who} did not answer a hover on \`ids\` (or \`site\`) in this file, so it did not see its structure: its figures time a nearly empty document`,
      );
    if (r.failure === undefined && !r.content.asExpected)
      words.push(`${who}'s first diagnostics were not as expected (${r.content.errors} errors where the shape should give ${shape.expect})`);
  }
  return words.length === 0 ? '' : `; note: ${words.join('; ')}`;
}

/** A target row whose figure `value` meets the goal at or under `limit`; `why` is said where it is missed. */
function targetRow(target: string, where: string, measured: string, goal: string, value: number, limit: number, why: string): TargetRow {
  const met = value <= limit;
  return { target, where, measured, goal, value, met, status: status(met, value, why) };
}

/** The two edit targets (p95, median) of a series of edits `where`. */
function editRows(where: string, diagnostics: Series, why: string): TargetRow[] {
  const { p95, median } = diagnostics;
  return [
    targetRow('edit → diagnostics of that version, p95', where, fmt(p95), '≤ 16 ms', p95, GOALS.editP95, why),
    targetRow('edit → diagnostics of that version, median', where, fmt(median), '≤ 5 ms', median, GOALS.editMedian, why),
  ];
}

/** How a row's diagnostics reached the client, for the rows that say it. */
const DELIVERED = { pull: 'pulled, as VS Code asks', push: 'pushed, as a client without pull (Neovim 0.7) gets them' } as const;

/** Why an edit series with `shown` diagnostics on every edit, delivered so, took what it took. */
function manyDiagnosticsWhy(shown: number, delivery: Delivery): string {
  return delivery === 'push'
    ? `${label(shown)} diagnostics published on every edit, about 0.3 KB of JSON each (no \`data\`: this client does not say it keeps it), serialized by the server and parsed by the client, with the garbage of it all (pulled, an edit that leaves them as they were is answered "unchanged")`
    : `${label(shown)} diagnostics worked out on every edit (each finding placed, its range and message made) and compared with those the client holds, in a server whose young generation is 2 MB (\`--max-semi-space-size=2\`): the collections of that garbage are about a third of the time`;
}

/** The edit targets after a bulk update that rejected ids (section 1.2). */
function rejectedIdsRows(r: RejectedIdsResult, shape: string): TargetRow[] {
  return editRows(
    `${shape}: after a bulk update that rejected ${label(r.rejected)} ids, ${DELIVERED[r.delivery]}`,
    r.diagnostics,
    r.failure ?? manyDiagnosticsWhy(r.shown, r.delivery),
  );
}

/**
 * The edit and memory targets on the files of many documents (section 1.2). What a keystroke
 * costs beyond the first file is what each of its documents costs, however little it holds: worked
 * out per document from the same series on the first file and on this one. `idleRss`: the server's
 * memory before any file.
 */
function documentsRows(r: DocumentsResult, first: DocumentsResult | undefined, idleRss: number): TargetRow[] {
  const rows = r.ours.scenarios.flatMap((s) => {
    const base = first === r ? undefined : first?.ours.scenarios.find((f) => f.name === s.name);
    const perDocument = base === undefined ? NaN : ((s.diagnostics.median - base.diagnostics.median) / (r.documents - first!.documents)) * 1000;
    const why =
      r.ours.failure ??
      `the parse and the checks do no work per document on a keystroke (the runs of text after the edit keep their place from the end of the file, and the checks ask only the documents that found something and those the edit replaced): what is left is the edit's own document, the server and the machine${Number.isFinite(perDocument) ? ` (about ${perDocument.toFixed(2)} µs a document, from the medians of this series on the ${label(first!.documents)}-document file and on this one)` : ''}`;
    return editRows(`${r.label}: ${s.name}`, s.diagnostics, why);
  });
  const { rss, rssOpen } = r.ours;
  const perDocumentKb = (rssOpen - idleRss) / r.documents / 1024;
  rows.push(
    targetRow(
      'server resident memory (VmRSS) after the edits, file open',
      r.label,
      mb(rss),
      '≤ 100 MB',
      rss,
      GOALS.rssBytes,
      r.ours.failure ??
        `${mb(rssOpen)} right after the open (before the drop that follows its checks), of which ${mb(idleRss)} is the server before any file: about ${perDocumentKb.toFixed(1)} KB a document: its value (read without \`yaml\` nodes, which are read from the file's text when a feature asks: FileParseOptions.valuesFirst; dropped, and the heap compacted, once the checks of the open are done), what that read noted of its shape for its lens and folding ranges, its share of the open document's text and line index, what the parse and the checks keep per document (its view, its place in the columns of the slice it was read in with the small documents around it, and what a check found where that is its own), and what the garbage collector has not given back to the system${restedOf(r.ours)}`,
    ),
  );
  return rows;
}

function shapeTargetRows(c: Context): TargetRow[] {
  const { shape, cost } = c;
  const rows: TargetRow[] = [];
  const row = (...args: Parameters<typeof targetRow>): void => {
    rows.push(targetRow(...args));
  };
  const { ours, yls, cli } = shape;
  const ylsOpen = ylsTime(yls.openMs, yls);
  const openRatio = ours.openMs / ylsOpen.ms;
  row(
    'open → first diagnostics, ours vs yaml-language-server',
    shape.label,
    `${ylsOpen.bound}${fmtRatio(openRatio)} (${fmt(ours.openMs)} vs ${ylsOpen.text})`,
    '≤ 0.2x',
    openRatio,
    GOALS.openRatio,
    `the first parse and validation of the whole file: ${ms(cost.open.parseMs)} parse (${cost.open.path}) + ${ms(cost.open.validateMs)} validation in-process${failureOf(ours)}${failureOf(yls)}${caveats(shape)}`,
  );
  const ylsWhole = ylsTime(yls.wholeMs, yls);
  const cliRatio = cli.wholeMs / ylsWhole.ms;
  row(
    '`scan-targets validate FILE` whole process vs yaml-language-server whole process',
    shape.label,
    `${ylsWhole.bound}${fmtRatio(cliRatio)} (${fmt(cli.wholeMs)} vs ${ylsWhole.text})`,
    '≤ 0.2x',
    cliRatio,
    GOALS.cliRatio,
    `${ms(c.cliFloorMs)} of it is starting Node and loading the command line (a 3-line file takes that long); the rest is reading, parsing and validating the file${failureOf(yls)}${caveats(shape)}`,
  );
  const scenarios = ours.scenarios.length > 0 ? ours.scenarios : [undefined];
  for (const [i, s] of scenarios.entries()) {
    const where = s === undefined || scenarios.length === 1 ? shape.label : `${shape.label}: ${s.name}`;
    const d = s?.diagnostics ?? { median: NaN, p95: NaN, max: NaN, count: 0 };
    const comp = s?.completion ?? { median: NaN, p95: NaN, max: NaN, count: 0 };
    const words = `${whereTimeGoes(cost, i)}${failureOf(ours)}`;
    rows.push(...editRows(where, d, words));
    if (s?.paced !== true) {
      row(
        'completion sent right after an edit, p95',
        where,
        fmt(comp.p95),
        '≤ 10 ms',
        comp.p95,
        GOALS.completionP95,
        `the completion waits for the parse of the new version: ${words}`,
      );
    }
  }
  row(
    'server resident memory (VmRSS) after the edits, file open',
    shape.label,
    mb(ours.rss),
    '≤ 100 MB',
    ours.rss,
    GOALS.rssBytes,
    `${mb(ours.rssOpen)} right after the open, of which ${mb(c.idleRss)} is the server before any file (Node, its code); the rest grows with the ids (section 1.5 gives it per id: each id's value, its entries in the list's arrays (values, lines, line starts) and in the count of each id; no \`yaml\` node per id is kept, one is made when a feature asks for it); after the edits, memory the garbage collector has not given back (peak VmHWM ${mb(ours.hwm)})${restedOf(ours)}${failureOf(ours)}`,
  );
  const k = shape.keystroke.stdio;
  row(
    'extension-host cost per keystroke: serialize + frame + write an incremental didChange, worst of the edits',
    shape.label,
    fmt(k.max),
    '≤ 2 ms',
    k.max,
    GOALS.keystrokeMs,
    keystrokeWords(shape, c.load),
  );
  return rows;
}

function keystrokeWords(shape: ShapeResult, load: string): string {
  const k = shape.keystroke;
  const words = [`median ${fmt(k.stdio.median)}, p95 ${fmt(k.stdio.p95)}`];
  words.push(`the slowest write took ${fmt(k.stdio.max)} of wall time for ${fmt(k.slowestCpuMs)} of CPU time of the writing process`);
  if (k.withGc > 0)
    words.push(
      `${k.withGc} of ${k.stdio.count} writes had a garbage collection of the writing process inside them (without those the worst is ${fmt(k.stdioWithoutGc.max)})`,
    );
  else words.push('no garbage collection of the writing process fell inside any write');
  words.push(`load average ${load} during the run`);
  return words.join('; ');
}

function seriesCell(s: Series): string {
  return s.count === 0 ? 'n/a' : `${fmt(s.median)} / ${fmt(s.p95)} / ${fmt(s.max)}`;
}

function contentCell(r: ServerResult, expect: string): string {
  if (r.failure !== undefined && !Number.isFinite(r.openMs)) return `failed: ${r.failure}`;
  const c = r.content;
  return `${c.errors} errors, ${c.others} other${c.asExpected ? '' : ` (**not as expected**: ${expect})`}`;
}

function lspSections(
  shapes: readonly ShapeResult[],
  costs: readonly Breakdown[],
  cliFloorMs: number,
  bySize: readonly MemoryBySize[],
  rejected: readonly RejectedIdsResult[],
  pushed: ReadonlyArray<{ label: string; ours: ServerResult }>,
  documentFiles: readonly DocumentsResult[],
  replaceAll: readonly ReplaceAllResult[],
): string[] {
  const out: string[] = [];
  out.push(`## 1. Language servers over stdio, ${label(LSP_IDS)}-id files`);
  out.push('');
  out.push(
    `Ours is \`node dist/server.js --stdio\` (\`validation.debounceMs\` = 0 through \`workspace/configuration\`); yaml-language-server ${pkgVersion('yaml-language-server')} is \`node node_modules/yaml-language-server/bin/yaml-language-server --stdio\` with our schema in \`yaml.schemas\` (and the schema modeline of the files), schema store off. Both are driven over their stdin/stdout by the hand-written client of the unit tests (test/unit/server/lspClient.ts), so JSON-RPC, framing and the pipe are in every figure. Each server is a fresh process per shape, initialized and with its settings read before the file is opened. Every file has ${label(LSP_IDS)} sandbox ids plus the usual settings; the shapes are generated in bench/shapes.ts.`,
  );
  out.push('');
  out.push('### 1.1 Open and whole processes');
  out.push('');
  out.push(
    '| shape | size | ours: spawn → initialized | ours: didOpen → first diagnostics | yls: didOpen → first diagnostics | ratio | first diagnostics, ours | first diagnostics, yls | `scan-targets validate` process | yls process: spawn → first diagnostics | ratio | CLI: exit code, errors |',
  );
  out.push('|---|---:|---:|---:|---:|---:|---|---|---:|---:|---:|---|');
  for (const s of shapes) {
    const [open, whole] = [ylsTime(s.yls.openMs, s.yls), ylsTime(s.yls.wholeMs, s.yls)];
    out.push(
      `| ${s.label} | ${(s.bytes / 1024 / 1024).toFixed(1)} MB, ${label(s.lines)} lines | ${fmt(s.ours.startMs)} | ${fmt(s.ours.openMs)} | ${open.text} | ${open.bound}${fmtRatio(s.ours.openMs / open.ms)} | ${contentCell(s.ours, s.expect)} | ${contentCell(s.yls, s.expect)} | ${fmt(s.cli.wholeMs)} | ${whole.text} | ${whole.bound}${fmtRatio(s.cli.wholeMs / whole.ms)} | ${s.cli.exitCode}, ${s.cli.errors}${s.cli.asExpected ? '' : ' (**not as expected**)'} |`,
    );
  }
  out.push('');
  out.push(
    `didOpen → first diagnostics: from writing the didOpen notification (the whole text) to receiving the first diagnostics for that uri (ours: the answer to the pull written right after it; yaml-language-server: its first publishDiagnostics); ours is the median of ${shapes[0]?.ours.openSamples ?? 3} fresh processes, yaml-language-server one process (it waits 200 ms before it validates, a delay it does not let a client change). "First diagnostics" is what they held, checked against what the shape should get from a YAML 1.2 reader (no error; an error for shapes 9 and 10). \`scan-targets validate --format json FILE\`: spawn to exit, median of 5, started a second after the yaml-language-server process of the shape ended (a 3-line file takes ${ms(cliFloorMs)}: that much is starting Node and loading dist/cli.js and dist/cli/validate.js). yaml-language-server's process: spawn, initialize, settings, didOpen, up to its first diagnostics (it is then killed, so its exit is not counted).`,
  );
  out.push('');

  out.push('### 1.2 One-character edits → the diagnostics of that version');
  out.push('');
  out.push('| shape | edits | zones | ours: edits | ours: median / p95 / max | ours: median per zone | yls: edits | yls: median / p95 / max |');
  out.push('|---|---|---|---:|---|---|---:|---|');
  for (const s of shapes) {
    s.ours.scenarios.forEach((o, i) => {
      const y = s.yls.scenarios[i];
      out.push(
        `| ${s.label} | ${o.name} | ${o.zones} | ${o.diagnostics.count} | ${seriesCell(o.diagnostics)} | ${o.zoneMedians.map((z) => `${z.zone} ${fmt(z.median)}`).join(', ')} | ${y?.diagnostics.count ?? 0} | ${y ? seriesCell(y.diagnostics) : `n/a${failureOf(s.yls)}`} |`,
      );
    });
    if (s.ours.scenarios.length === 0) out.push(`| ${s.label} | n/a | | 0 | n/a${failureOf(s.ours)} | | | |`);
  }
  out.push('');
  out.push(
    'Each edit replaces one character (an incremental didChange with a range) and is timed from writing the didChange to receiving the diagnostics of its version: ours are pulled, as VS Code\'s client asks for them (a `textDocument/diagnostic` request written right after the didChange, with the id of the report the client holds; the answer is the full list, or "unchanged" when the edit left it as it was), and didOpen → first diagnostics is the first such request answered; yaml-language-server publishes them (without a version: the first publishDiagnostics for the uri after the change). The next edit is sent only once those arrived; in the series typed at 10 characters a second, also no sooner than 100 ms after the last one was sent (our server only: yaml-language-server takes longer than that per edit). The edits go in turn to a letter of an id in the middle of the list (a different id each time), of `site.name` and of the last value of the file; in shape 10 each edit types one more letter inside the unclosed quote; in shape 11 first the small documents, then the big one. A series stops at 40 edits, or after 8 s once 10 are done (yaml-language-server: 5 edits, or after 6 s once 3 are done), so the counts differ. The client works out the edits of a series (and where to ask for completions) before the series starts, from its own copy of the text: the copies of the 1.6 MB text that each edit costs the client, and the collections of its heap they cause on threads beside those of the server, are not timed. p95 is the nearest-rank 95th percentile (with 10 edits: the largest).',
  );
  out.push('');
  out.push(`After a bulk update that rejected ids of the plain file (ours only: the rejected ids' diagnostics follow every edit, each found where it stands):`);
  out.push('');
  out.push('| ids rejected | diagnostics | edits | median / p95 / max | diagnostics per edit |');
  out.push('|---:|---|---:|---|---:|');
  for (const r of rejected) {
    out.push(
      `| ${label(r.rejected)} | ${r.delivery === 'pull' ? 'pulled' : 'pushed'} | ${r.diagnostics.count} | ${r.failure === undefined ? seriesCell(r.diagnostics) : `n/a (${r.failure})`} | ${label(r.shown)} |`,
    );
  }
  out.push('');
  out.push(
    'The edits of the first series above (spread over the file), timed the same way; pulled as VS Code asks, and pushed as a client without pull (Neovim 0.7) gets them. The editor is shown at most `scanTargets.validation.maxProblems` (1,000) diagnostics, and one more saying how many were left out.',
  );
  out.push('');
  out.push(
    'A replace-all on the plain file, as VS Code sends it (one didChange with a change per match, the last match first), timed from writing it to the diagnostics of its version: a character put before each of the first N ids, then taken away (a fresh server for each N):',
  );
  out.push('');
  out.push('| matches | ours: put / taken away | yls: put / taken away |');
  out.push('|---:|---|---|');
  for (const matches of [...new Set(replaceAll.map((r) => r.matches))]) {
    const cell = (kind: string): string => {
      const r = replaceAll.find((x) => x.kind === kind && x.matches === matches);
      return r === undefined ? 'not run (seconds for thousands)' : r.failure !== undefined ? `n/a (${r.failure})` : `${fmt(r.putMs)} / ${fmt(r.takenMs)}`;
    };
    out.push(`| ${label(matches)} | ${cell('ours')} | ${cell('yls')} |`);
  }
  out.push('');
  out.push('Shape 20 with its diagnostics pushed (a client without pull, such as Neovim 0.7), the same series:');
  out.push('');
  out.push('| shape | edits | ours: edits | ours: median / p95 / max |');
  out.push('|---|---|---:|---|');
  for (const r of pushed) for (const s of r.ours.scenarios) out.push(`| ${r.label} | ${s.name} | ${s.diagnostics.count} | ${seriesCell(s.diagnostics)} |`);
  if (pushed.some((r) => r.ours.failure !== undefined)) out.push('', `Failed: ${pushed.map((r) => r.ours.failure ?? '').join(' ')}`);
  out.push('');
  out.push(`The same ${label(LSP_IDS)} ids in more, smaller documents (ours only: yaml-language-server takes seconds per edit on shape 14 already):`);
  out.push('');
  out.push('| file | size | didOpen → first diagnostics | server memory after the edits | edits | ours: edits | ours: median / p95 / max |');
  out.push('|---|---:|---:|---:|---|---:|---|');
  for (const r of documentFiles) {
    const file = `| ${r.label} | ${(r.bytes / 1024 / 1024).toFixed(1)} MB | ${fmt(r.ours.openMs)} | ${mb(r.ours.rss)}`;
    for (const s of r.ours.scenarios) out.push(`${file} | ${s.name} | ${s.diagnostics.count} | ${seriesCell(s.diagnostics)} |`);
    if (r.ours.scenarios.length === 0) out.push(`${file} | n/a | 0 | n/a${failureOf(r.ours)} |`);
  }
  out.push('');
  out.push(
    "Each document holds its ids, `site.name`, `site.url` and a `site.desc` (the time zone of the other files, where the series' last edits go), so that 100,000 documents stay under the editor's 10 MB (`scanTargets.validation.maxFileSizeMB`). The series of shape 14, timed the same way.",
  );
  out.push('');

  out.push('### 1.3 Completion sent right after an edit');
  out.push('');
  out.push('| shape | edits | ours: completions | ours: median / p95 / max | items | yls: completions | yls: median / p95 / max | items |');
  out.push('|---|---|---:|---|---:|---:|---|---:|');
  for (const s of shapes) {
    s.ours.scenarios.forEach((o, i) => {
      const y = s.yls.scenarios[i];
      if (o.paced === true) return;
      out.push(
        `| ${s.label} | ${o.name} | ${o.completion.count} | ${seriesCell(o.completion)} | ${o.completionItems} | ${y?.completion.count ?? 0} | ${y ? seriesCell(y.completion) : 'n/a'} | ${y?.completionItems ?? 'n/a'} |`,
      );
    });
  }
  out.push('');
  out.push(
    'The same edits continue; each didChange is followed at once by a completion request at the cursor the edit left (inside an id or a value, as while typing: few or no items), timed from writing the didChange to the completion answer. The server has to parse the new version before it can answer. Counts: up to 40, or after 6 s once 10 are done (yaml-language-server: 2).',
  );
  out.push('');

  out.push("### 1.4 Where an edit's time goes (in-process, same LanguageService as the server)");
  out.push('');
  out.push('| shape | open: parse + validation | path | edits | edit 1 | edit 2 | edit 3 |');
  out.push('|---|---:|---|---|---|---|---|');
  shapes.forEach((s, i) => {
    const c = at(costs, i); // one breakdown per shape (run() maps the shapes to their costs)
    c.scenarios.forEach((scenario, j) => {
      const cell = (k: number): string => {
        const e = scenario.edits[k];
        return e === undefined ? '' : `${e.zone}: ${ms(e.parseMs)} + ${ms(e.validateMs)} (${e.path})`;
      };
      const open = j === 0 ? `${ms(c.open.parseMs)} + ${ms(c.open.validateMs)} | ${c.open.path}` : ' | ';
      out.push(`| ${j === 0 ? s.label : ''} | ${open} | ${scenario.name} | ${cell(0)} | ${cell(1)} | ${cell(2)} |`);
    });
  });
  out.push('');
  out.push(
    'One sample each, in the bench process: `LanguageService.parse` of the new version (the parse cache reuses what it can from the previous one) then `diagnostics` of it (parse + validation), for one edit per zone of each edit series. The path is what the `ids` fast path (src/core/yaml/fastIds.ts) reports through its counters (`fastIdsStats`): "fast path" (the runs of ids were cut out of the `yaml` parse and their nodes built directly), "refused" or "no fast path" (the whole document went through the `yaml` parse), "list scan reused" (its scan of the list lines was taken over from the previous version); for the multi-document file how many documents were parsed again (the others are taken over unchanged). What the server adds on top (JSON-RPC, the incremental update of its TextDocument, conversion to LSP) is the difference with 1.2.',
  );
  out.push('');

  out.push('### 1.5 Server memory with the file open');
  out.push('');
  out.push(
    '| shape | ours: VmRSS after open | ours: VmRSS after the edits | ours: 12 s later, at rest | ours: peak (VmHWM) | yls: VmRSS after the edits | yls: peak (VmHWM) | hover on `ids` answered (ours / yls) | schema error reported (ours / yls) |',
  );
  out.push('|---|---:|---:|---:|---:|---:|---:|---|---|');
  const yes = (ok: boolean): string => (ok ? 'yes' : '**no**');
  for (const s of shapes) {
    out.push(
      `| ${s.label} | ${mb(s.ours.rssOpen)} | ${mb(s.ours.rss)} | ${s.ours.rssRested === undefined ? '' : mb(s.ours.rssRested)} | ${mb(s.ours.hwm)} | ${mb(s.yls.rss)} | ${mb(s.yls.hwm)} | ${yes(s.ours.structureCheck)} / ${yes(s.yls.structureCheck)} | ${yes(s.ours.schemaCheck)} / ${yes(s.yls.schemaCheck)} |`,
    );
  }
  out.push('');
  out.push(
    'From /proc/PID/status of the server process, after the edits and completions (the document still open; no forced garbage collection); where ours is over 100 MB then, read again after 12 s without a message, as the server sits while its user reads (the target is judged on the first reading). Ours runs as the desktop extension starts it: with its Node options (`--max-semi-space-size=2`, SERVER_NODE_OPTIONS in src/server/protocol.ts), its environment (`MALLOC_ARENA_MAX=1`, SERVER_ENV there) and the V8 flags its entry sets (`--heap-growing-percent=20 --expose-gc`, src/server/v8Flags.ts). Two checks close each process: "hover on `ids`" asks for a hover on the file\'s first `ids` key (its `site` key in a file without one), which answers only if the server read the file\'s structure; "schema error reported": a small second file with `report_type: nope` is opened, and the server must publish a diagnostic on that line. A server\'s figures for a shape are only trusted with two yeses; a no is repeated in the targets table.',
  );
  out.push('');
  out.push('| plain file | ours: VmRSS, no file open | ours: VmRSS after open | ours: VmRSS after 30 edits | per id after open, from the smallest file |');
  out.push('|---|---:|---:|---:|---:|');
  const smallest = bySize[0];
  for (const r of bySize) {
    const perId = smallest === undefined || r === smallest ? 'n/a' : `${((r.rssOpen - smallest.rssOpen) / (r.ids - smallest.ids)).toFixed(0)} bytes`;
    out.push(`| ${label(r.ids)} ids | ${mb(r.rssIdle)} | ${mb(r.rssOpen)} | ${mb(r.rssEdits)} | ${perId} |`);
  }
  out.push('');
  out.push(
    "The growth per id: fresh servers on plain-id files of three sizes, each opened and then edited 30 times (one letter at a time, spread over the file, each edit's diagnostics awaited), VmRSS read from /proc/PID/status without a forced garbage collection.",
  );
  out.push('');

  out.push('### 1.6 Extension-host cost per keystroke');
  out.push('');
  out.push(
    "| shape | didChange messages | stdio: JSON.stringify + Content-Length framing + write to the server's stdin, wall time (median / p95 / max) | CPU time of the same writes (median / p95 / max) | writes with a garbage collection inside | Node IPC: `child.send` of the same message (median / p95 / max) |",
  );
  out.push('|---|---:|---|---|---:|---|');
  for (const s of shapes) {
    out.push(
      `| ${s.label} | ${s.keystroke.stdio.count} | ${seriesCell(s.keystroke.stdio)} | ${seriesCell(s.keystroke.cpu)} | ${s.keystroke.withGc} | ${seriesCell(s.keystroke.ipc)} |`,
    );
  }
  out.push('');
  out.push(
    "With the language server, a keystroke costs the extension host only serializing and writing the incremental didChange (a range and one character, whatever the size of the file): the stdio column times exactly that, in this process, for every didChange of 1.2 and 1.3 (the client of the unit tests: JSON.stringify, a Content-Length header, two writes to the pipe). The extension itself starts the server over Node IPC (vscode-languageclient `TransportKind.ipc`), so the last column sends the same messages with `child.send` to a process that drops them, in a quiet moment after the run (1 ms apart). Garbage collections of the writing process are seen with a PerformanceObserver (`gc` entries); the bench process keeps its own TextDocument copy of the file and updates it on every edit, as the extension host keeps its document. CPU time is `process.cpuUsage()` around each write (user + system, every thread of the process): a write whose wall time is far above its CPU time waited for a core (the servers and anything else running on the machine compete for the cores). Not included: VS Code's own update of its document model in the extension host, which happens with or without this extension.",
  );
  out.push('');
  return out;
}

/** How long a process of the command line takes before it reads a file. */
interface CliStart {
  /** `scan-targets validate --format json` on a 3-line file, spawn to exit (median), with the compiled code an earlier run kept. */
  cliMs: number;
  /** The same, the first run, which finds no compiled code kept and keeps it (src/cli/codeCache.ts). */
  coldMs: number;
  /** `node -e 0`, spawn to exit (median), taken in turn with the CLI's runs. */
  nodeMs: number;
}

/** `scan-targets validate` on a tiny file against `node -e 0`, one after the other, so both see the same machine. */
function cliStart(): CliStart {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-targets-bench-'));
  try {
    const file = path.join(dir, 'tiny.target-settings.yaml');
    fs.writeFileSync(file, 'ids:\n  - 3Sy7TyNMnQ8x\nreport_type: owasp\n');
    const cli: number[] = [];
    const node: number[] = [];
    // A cache folder of its own: the first run finds nothing kept.
    const env = { ...process.env, XDG_CACHE_HOME: path.join(dir, 'cache'), NODE_DISABLE_COMPILE_CACHE: '' };
    const wall = (args: string[]): number => {
      const t = now();
      spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 60_000, env });
      return now() - t;
    };
    const validate = [path.join(ROOT, 'dist', 'cli.js'), 'validate', '--format', 'json', file];
    const coldMs = wall(validate);
    // 21 pairs: a start takes 100-200 ms here and single runs of either vary by tens of ms.
    for (let i = 0; i < 21; i++) {
      cli.push(wall(validate));
      node.push(wall(['-e', '0']));
    }
    return { cliMs: median(cli), coldMs, nodeMs: median(node) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function activationRows(activation: readonly ActivationRow[]): TargetRow[] {
  const rows: TargetRow[] = [];
  for (const a of activation) {
    const parts = a.parts
      .slice(0, 4)
      .map((p) => `${p.name} ${(p.bytes / 1024).toFixed(0)} KB`)
      .join(', ');
    const small = a.bytes < 400 * 1024;
    rows.push({
      target: 'bundle size',
      where: a.bundle,
      measured: `${(a.bytes / 1024).toFixed(0)} KB`,
      goal: '< 400 KB',
      value: a.bytes,
      met: small,
      status: status(small, a.bytes, `largest parts (code bytes, esbuild metafile): ${parts}`),
    });
    // The browser build's extension bundle, beside the desktop one: the same goal.
    const webSmall = a.sizes.webExtension < 400 * 1024;
    rows.push({
      target: 'bundle size',
      where: `${a.bundle}: its browser build (dist/web/extension.js)`,
      measured: `${(a.sizes.webExtension / 1024).toFixed(0)} KB`,
      goal: '< 400 KB',
      value: a.sizes.webExtension,
      met: webSmall,
      status: status(webSmall, a.sizes.webExtension, 'it carries the editor, core and the fetch client, as the desktop bundle carries the editor and core'),
    });
    const problems = a.problems.length > 0 ? `; ${a.problems.join('; ')}` : '';
    // Only an activate() that returned is timed.
    const threw = a.activated < a.processes ? `; activate() threw in ${a.processes - a.activated} of ${a.processes} processes, not timed` : '';
    const fast = a.totalMs < 30 && a.activated === a.processes;
    rows.push({
      target: 'activation (load + activate)',
      where: a.bundle,
      measured: a.activated === 0 ? 'n/a' : ms(a.totalMs),
      goal: '< 30 ms',
      value: a.activated === a.processes ? a.totalMs : NaN,
      met: fast,
      status: status(
        fast,
        a.activated === 0 ? NaN : a.totalMs,
        `loading the bundle is ${ms(a.loadMs)} of it, \`activate()\` ${ms(a.activateMs)}; the first start, which keeps the compiled code for the next: ${ms(a.firstTotalMs)}${threw}${problems}`,
      ),
    });
    rows.push({
      target: 'no schema compiled at activation',
      where: a.bundle,
      measured: a.compiledAtActivation ? `compiled (${a.functionsBuilt} generated functions)` : 'none compiled',
      goal: 'none',
      value: a.functionsBuilt,
      met: !a.compiledAtActivation,
      status: verdict(!a.compiledAtActivation),
    });
  }
  return rows;
}

async function main(): Promise<void> {
  const watchdog = setTimeout(() => {
    process.stderr.write('[bench] watchdog: the bench took too long and was stopped\n');
    killServers();
    process.exit(2);
  }, WATCHDOG_MS);
  watchdog.unref();
  process.on('exit', killServers);
  const started = Date.now();
  for (const file of ['server.js', 'extension.js', 'cli.js']) {
    if (!fs.existsSync(path.join(ROOT, 'dist', file))) throw new Error(`dist/${file} is missing: run \`npm run build\` first (npm run bench does)`);
  }

  const loadAtStart = os.loadavg();
  const start = cliStart();
  const cliFloorMs = start.cliMs;
  const lsp = await benchLanguageServers();
  const memoryBySize = await benchMemoryBySize([10_000, LSP_IDS, 200_000]);
  const rejected = [...(await benchRejectedIds([3, 1_000, LSP_IDS], 'pull')), ...(await benchRejectedIds([1_000, LSP_IDS], 'push'))];
  const pushed = await benchPushed(['repeats']);
  const replaceAll = await benchReplaceAll([1_000, 10_000, LSP_IDS], 10_000);
  const documentFiles = await benchDocuments([10_000, LSP_IDS]);
  // (Not the file of 100,000 documents: 200,000 lenses and 100,000 symbols, tens of megabytes of
  // answers an edit, more than the bench's client, which keeps every byte it receives, can hold.)
  const requestsAfterEdits = await benchEditorRequests(
    [...makeShapes(LSP_IDS).filter((s) => s.key === 'plain' || s.key === 'many-docs'), documentsShape(10_000)],
    (scenario) =>
      (scenario.name.startsWith('spread over') && scenario.paceMs === undefined) || scenario.name.startsWith('letters typed in front of the first id'),
  );
  // (Breakdowns run after all servers are done, so the bench process is quiet while they are measured.)
  const byKey = new Map(makeShapes(LSP_IDS).map((s) => [s.key, s]));
  const costs = lsp.map((r) => {
    log(`breakdown ${r.key}`);
    return breakdown(byKey.get(r.key)!);
  });
  const validation = await benchValidation();
  const completion = await benchCompletion();
  const activation = await benchActivation();
  const bulk = await benchBulk();
  const memory = benchMemory();

  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  // The 5-minute load average when the bench started and when it ended: above the number of
  // cores, other processes competed with the bench for them.
  const fiveMinutes = (loads: number[]): string => (loads[1] ?? NaN).toFixed(1); // os.loadavg(): the 1, 5 and 15-minute averages
  const loadAverages = `${fiveMinutes(loadAtStart)} → ${fiveMinutes(os.loadavg())} (5-minute, ${os.cpus().length} cores)`;
  const machine = `${new Date().toISOString().slice(0, 10)} · Node ${process.version} · ${cpu} · ${os.cpus().length} cores · ${os.platform()} ${os.arch()} · yaml-language-server ${pkgVersion('yaml-language-server')} · yaml ${pkgVersion('yaml')} · load average ${loadAverages}`;

  const targets: TargetRow[] = [];
  const startRatio = start.cliMs / start.nodeMs;
  targets.push({
    target: '`scan-targets validate` on a 3-line file vs `node -e 0`, whole process',
    where: '3 lines',
    measured: `${ratio(startRatio)} (${ms(start.cliMs)} vs ${ms(start.nodeMs)}; the first run, which keeps the compiled code for the next: ${ms(start.coldMs)})`,
    goal: '≤ 1.5x',
    value: startRatio,
    met: startRatio <= GOALS.cliStartRatio,
    status: status(
      startRatio <= GOALS.cliStartRatio,
      start.cliMs,
      'reading dist/cli.js and the validate bundle (dist/cli/validate.js, about 620 KB: the `yaml` package, the target-settings validator and schema) with the compiled code an earlier run kept, then the run',
    ),
  });
  const idleRss = memoryBySize[0]?.rssIdle ?? NaN;
  lsp.forEach((shape, i) => targets.push(...shapeTargetRows({ shape, cost: at(costs, i), cliFloorMs, load: loadAverages, idleRss })));
  for (const r of rejected) targets.push(...rejectedIdsRows(r, byKey.get('plain')?.label ?? 'plain'));
  for (const r of pushed)
    for (const s of r.ours.scenarios)
      targets.push(...editRows(`${r.label}: ${s.name}, ${DELIVERED.push}`, s.diagnostics, r.ours.failure ?? manyDiagnosticsWhy(1000, 'push')));
  for (const r of documentFiles) targets.push(...documentsRows(r, documentFiles[0], idleRss));
  for (const r of validation.filter((v) => v.n >= 10_000)) {
    const x = r.ours / r.yls;
    targets.push({
      target: "validation in-process vs yaml-language-server's `doValidation`",
      where: `${label(r.n)} plain ids`,
      measured: `${ratio(x)} (${ms(r.ours)} vs ${ms(r.yls)})`,
      goal: '≤ 0.2x',
      value: x,
      met: x <= 0.2,
      status: status(x <= 0.2, r.ours, 'see section 2'),
    });
    targets.push({
      target: 'diagnostics identical to the full reference path',
      where: `${label(r.n)} plain ids`,
      measured: r.identical ? 'yes' : 'NO',
      goal: 'identical',
      value: r.identical ? 0 : 1,
      met: r.identical,
      status: verdict(r.identical),
    });
  }
  for (const r of completion.filter((c) => c.n >= 10_000)) {
    const worst = Math.max(r.oursEdit / r.ylsEdit, r.oursCached / r.ylsCached);
    targets.push({
      target: "completion in-process vs yaml-language-server's `doComplete` (worse of edit / unchanged)",
      where: `${label(r.n)} plain ids, ${r.where}`,
      measured: ratio(worst),
      goal: '≤ 0.1x',
      value: worst,
      met: worst <= 0.1,
      status: status(worst <= 0.1, worst, 'see section 3'),
    });
  }
  targets.push(...activationRows(activation));
  for (const b of bulk) {
    const x = b.endToEnd / b.raw;
    targets.push({
      target: 'bulk update end to end vs raw requests',
      where: `${label(b.n)} ids`,
      measured: `${ratio(x)} (${ms(b.endToEnd)} vs ${ms(b.raw)})`,
      goal: '≤ 1.2x',
      value: x,
      met: x <= 1.2,
      status: status(
        x <= 1.2,
        b.endToEnd,
        `single rounds ${ratio(b.roundRatios[0])} – ${ratio(b.roundRatios[1])}; of the end to end, the plan through the language server ${ms(b.plan)} (${kb(b.planBytes)} of JSON)`,
      ),
    });
  }

  const out: string[] = [];
  out.push('# Benchmarks');
  out.push('');
  out.push(machine);
  out.push('');
  out.push(
    "`npm run bench` regenerates this file (and the targets table in the README). Section 1 runs the language servers as processes over stdio on every shape of a 100,000-id file; sections 2, 3 and 6 time the core in-process; 4 the extension's activation; 5 the bulk update. A missed target says MISSED with what the measurement shows about why.",
  );
  out.push('');
  out.push('## Targets');
  out.push('');
  out.push(...fullTable(targets));
  out.push('');
  out.push(...lspSections(lsp, costs, cliFloorMs, memoryBySize, rejected, pushed, documentFiles, replaceAll));
  out.push(...editorRequestsSection(requestsAfterEdits));

  out.push('## 2. Validation in-process (parse + schema + rules + positions)');
  out.push('');
  out.push(
    '| ids | ours (`validateText`) | ours, typing elsewhere | ours, fast path off | yaml-language-server `doValidation` | ratio | floor: `yaml` parseAllDocuments + LineCounter | floor: `JSON.parse` | diagnostics (ours / yls) | identical to full path |',
  );
  out.push('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of validation) {
    out.push(
      `| ${label(r.n)} | ${ms(r.ours)} | ${ms(r.oursTypingElsewhere)} | ${ms(r.oursFullParse)} | ${ms(r.yls)} | ${ratio(r.ours / r.yls)} | ${ms(r.yamlFloor)} | ${ms(r.jsonFloor)} | ${r.diagnostics} / ${r.ylsDiagnostics} | ${r.identical ? 'yes' : 'NO'} |`,
    );
  }
  out.push('');
  out.push(
    'Medians after a warm-up, in the bench process, on plain-id files. Every run validates a new text. "Ours" (and yaml-language-server, and "fast path off"): one letter of an id in the middle of the list changed, so nothing of the list is reused; this is the figure the target compares. "Typing elsewhere": one letter of `site.name` changed, so the unchanged list and its nodes are reused. "Fast path off" is the same code with the `ids` fast path disabled (every node from the `yaml` parse), the reference the diagnostics are compared with.',
  );
  out.push('');

  out.push('## 3. Completion in-process');
  out.push('');
  out.push('| ids | cursor | ours after an edit | yls after an edit | ratio | ours, unchanged version | yls, unchanged version | ratio | items (ours / yls) |');
  out.push('|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of completion) {
    out.push(
      `| ${label(r.n)} | ${r.where} | ${ms(r.oursEdit)} | ${ms(r.ylsEdit)} | ${ratio(r.oursEdit / r.ylsEdit)} | ${ms(r.oursCached)} | ${ms(r.ylsCached)} | ${ratio(r.oursCached / r.ylsCached)} | ${r.oursItems} / ${r.ylsItems} |`,
    );
  }
  out.push('');
  out.push(
    '"After an edit": a new version through the LanguageService (one character of `site.name` changed, so the unchanged `ids` list and its nodes are reused), as the language server does; for yaml-language-server a new document version. Section 1.3 gives the same through the servers.',
  );
  out.push('');

  out.push('## 4. Activation');
  out.push('');
  out.push(
    '| bundle | size | largest parts | load (`require`) | `activate()` | total | first start (no compiled code kept): total | schema compiled at activation | subscriptions | after activate(): server forked | server answered `initialize` | problems |',
  );
  out.push('|---|---:|---|---:|---:|---:|---:|---|---:|---:|---:|---|');
  for (const a of activation) {
    const parts = a.parts
      .slice(0, 6)
      .map((p) => `${p.name} ${(p.bytes / 1024).toFixed(0)} KB`)
      .join(', ');
    out.push(
      `| ${a.bundle} | ${(a.bytes / 1024).toFixed(0)} KB | ${parts} | ${ms(a.loadMs)} | ${ms(a.activateMs)} | ${ms(a.totalMs)} | ${ms(a.firstTotalMs)} | ${a.compiledAtActivation ? `yes (${a.functionsBuilt} \`new Function\`)` : 'no'} | ${a.subscriptions} | ${a.serverForkMs === null ? 'never' : ms(a.serverForkMs)} | ${a.serverReadyMs === null ? 'never' : ms(a.serverReadyMs)} | ${a.problems.length === 0 ? 'none' : a.problems.join('; ')} |`,
    );
  }
  out.push('');
  out.push(
    "Both bundles are built by the bench into temporary folders (the same build script as `npm run build` and `vscode:prepublish`). Each figure is the median of 7 fresh Node processes loading the bundle as VS Code does (package.json `main`, `dist/load/extension.js`: the bundle compiled with the code V8 kept from the last start, src/load/codeCache.ts) with a stand-in `vscode` module and running `activate()`, after an eighth, the first start, which finds no compiled code kept (a cache folder of the bench's own) and keeps it for the others. The extension's vscode-languageclient LanguageClient runs against the stand-in: `activate()` returns before it forks the server (its start is asynchronous), so the last two columns time, from the end of `activate()`, the fork of the bundle's `dist/load/server.js` over Node IPC and the server's answer to `initialize` (seen on the IPC channel); the client is then stopped and the server killed. Schema compilation is detected by counting `new Function` calls (how Ajv compiles) and by looking for ajv in `require.cache`. \"Largest parts\": bytes of code each npm package (or folder of the repository) puts into the bundle, from esbuild's metafile of the same build made aside; the file size also counts the rest (esbuild's module wrappers, and for `npm run build` the source map link and comments).",
  );
  out.push('');
  out.push(
    "Each build's bundles side by side: the desktop's (a Node extension host, the server a Node process) and the browser's (`dist/web/`, a web worker extension host, the server in a Worker).",
  );
  out.push('');
  out.push('| build | extension, desktop | extension, browser | language server, desktop | language server, browser |');
  out.push('|---|---:|---:|---:|---:|');
  for (const a of activation) {
    out.push(`| ${a.bundle} | ${kb(a.bytes)} | ${kb(a.sizes.webExtension)} | ${kb(a.sizes.server)} | ${kb(a.sizes.webServer)} |`);
  }
  out.push('');

  out.push('## 5. Bulk update against the local sandbox');
  out.push('');
  out.push(
    '| ids | requests | end to end (plan, client, outcome) | of which the plan | the plan over stdio | raw undici requests | ratio | rounds | ids updated | before it: open → first diagnostics |',
  );
  out.push('|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|');
  for (const b of bulk) {
    out.push(
      `| ${label(b.n)} | ${b.requests} | ${ms(b.endToEnd)} | ${ms(b.plan)} | ${kb(b.planBytes)} | ${ms(b.raw)} | ${ratio(b.endToEnd / b.raw)} | ${ratio(b.roundRatios[0])} – ${ratio(b.roundRatios[1])} | ${label(b.updated)} | ${ms(b.prepare)} |`,
    );
  }
  out.push('');
  out.push(
    'Both send the same chunks (500 ids) with the same concurrency (2) to the sandbox on 127.0.0.1 (on a thread of its own, as the service runs elsewhere) with `is_id_404_validation=true`. End to end is the editor\'s command: the plan asked of the language server that holds the file open (`scanTargets/planBulkUpdate`: the selection, the body, the refusals, as JSON over stdio; the server plans on the parse and the diagnostics it keeps for that version), the body resolved, the chunked run through the real client, the outcome. The file\'s open in the server (live validation, done before the command runs) is the last column. The figures are noisy: "rounds" gives the lowest and highest ratio of single rounds.',
  );
  out.push('');

  out.push('## 6. Peak memory in-process, 100,000-id file');
  out.push('');
  out.push('| parse | peak RSS (maxRSS) | peak heap used | baseline RSS | baseline heap |');
  out.push('|---|---:|---:|---:|---:|');
  for (const m of memory) {
    out.push(`| ${m.mode} | ${mb(m.maxRss)} | ${mb(m.heapPeak)} | ${mb(m.baseRss)} | ${mb(m.baseHeap)} |`);
  }
  out.push('');
  out.push(
    "A fresh process parses and validates the plain-id file through a LanguageService, then a one-character edit of it (both parses kept alive). Section 1.5 gives the server process's memory.",
  );
  out.push('');
  out.push(`Whole bench: ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  out.push('');

  const markdown = out.join('\n');
  process.stdout.write(markdown);
  if (process.env.BENCH_SHAPES) {
    // A run on some shapes only (lsp.ts) is for working on them: it does not replace the full results.
    log('BENCH_SHAPES is set: bench/results.md and README.md were left as they are');
    return;
  }
  fs.writeFileSync(path.join(ROOT, 'bench', 'results.md'), markdown);
  log('written to bench/results.md');
  writeReadmeTargets(machine, targets, lsp);
}

/**
 * The chart (media/performance.svg), and in README.md, between the two marker comments (and nothing
 * else), the chart and one row per measure, its worst case named; bench/results.md has every row.
 */
function writeReadmeTargets(machine: string, targets: readonly TargetRow[], shapes: readonly ShapeResult[]): void {
  fs.writeFileSync(CHART, performanceChart(shapes, machine));
  log(`chart written to ${path.relative(ROOT, CHART)}`);
  // Read and written at once: the rest of the README stays as it is at this moment.
  const readme = fs.readFileSync(README, 'utf8');
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start === -1 || end === -1 || end < start) {
    log(`README.md has no ${START_MARKER} … ${END_MARKER} block: its targets table was not updated`);
    return;
  }
  const block = [
    START_MARKER,
    '',
    `![Open, edit and memory on 100,000-id files of every shape, beside yaml-language-server](${path.relative(ROOT, CHART)})`,
    '',
    `Measured with \`npm run bench\` on ${machine}. Each row is one measure at its worst case; [bench/results.md](bench/results.md) has every case and how each figure is taken.`,
    '',
    ...headlineTable(targets),
    '',
    END_MARKER,
  ].join('\n');
  fs.writeFileSync(README, readme.slice(0, start) + block + readme.slice(end + END_MARKER.length));
  log('targets table written to README.md');
}

function pkgVersion(name: string): string {
  try {
    return (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`[bench] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    killServers();
    process.exit(1);
  },
);
