// 1. The language servers, measured through the server over stdio (JSON-RPC included), on every
// shape of a 100,000-id file (shapes.ts): ours (`node dist/load/server.js --stdio`, with the Node options the
// desktop extension starts it with) and
// yaml-language-server (`node node_modules/yaml-language-server/bin/yaml-language-server --stdio`,
// given our schema through `yaml.schemas`), each a fresh process per shape, driven by the
// hand-written client of the unit tests (test/unit/server/lspClient.ts).
//
// Per shape and server: open -> first diagnostics; one-character incremental edits -> the
// diagnostics of that version (the next edit only once they arrived), ours pulled as VS Code's
// client pulls them (Delivery), yaml-language-server's pushed; completion sent right
// after an edit; the server's resident memory after the edits; a check that the server really
// reports a schema error (a small second file with `report_type: nope`). Also `scan-targets
// validate FILE` as a whole process against yaml-language-server's whole process (spawn,
// initialize, open, first diagnostics), and what a keystroke costs the client side (serialize,
// frame, write the didChange).
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { PerformanceObserver } from 'perf_hooks';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { StdioLspClient } from '../test/unit/server/lspClient';
import { ROOT, at, collectGarbage, log, median, now } from './common';
import { documentsShape, plainShape, shapes, type Edit, type EditScenario, type Shape } from './shapes';
import { SERVER_ENV, SERVER_NODE_OPTIONS } from '../src/server/protocol';

/** The ids in every shape's file. */
export const LSP_IDS = 100_000;
/** The server memory goal; a server above it after the edits is read again after {@link REST_MS} at rest. */
export const RESTED_ABOVE_BYTES = 100 * 1024 * 1024;
const REST_MS = 12_000;
/**
 * Edits per scenario: first a series timed for diagnostics, then a series with a completion each.
 * A series stops at `max` edits, or once `budgetMs` is spent and `min` edits are done, so shapes
 * where a server takes a second per edit keep the whole bench bounded (the tables give the count).
 */
interface Budget {
  max: number;
  min: number;
  budgetMs: number;
}
const BUDGETS: Record<'ours' | 'yls', { edits: Budget; completions: Budget }> = {
  ours: { edits: { max: 40, min: 10, budgetMs: 8_000 }, completions: { max: 40, min: 10, budgetMs: 6_000 } },
  // yaml-language-server takes seconds per edit on these files (and waits 200 ms before it validates).
  yls: { edits: { max: 5, min: 3, budgetMs: 6_000 }, completions: { max: 2, min: 2, budgetMs: 0 } },
};
/** Fresh processes of ours per shape for the open time (the last one goes on with the edits). */
const OURS_OPENS = 3;
const CLI_RUNS = 5;
const YLS_TIMEOUT_MS = 120_000;
const OURS_TIMEOUT_MS = 30_000;

// As the extension starts it: the bundle compiled with the code V8 kept from the last start.
const SERVER = path.join(ROOT, 'dist', 'load', 'server.js');
const CLI = path.join(ROOT, 'dist', 'cli.js');
const YLS = path.join(ROOT, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');
const SCHEMA_URI = pathToFileURL(path.join(ROOT, 'schemas', 'target-settings.schema.json')).href;
const ROOT_URI = pathToFileURL(ROOT).href;

type Kind = 'ours' | 'yls';

interface Diagnostic {
  range: { start: { line: number; character: number } };
  severity?: number;
  message: string;
}
interface Published {
  uri: string;
  version?: number;
  diagnostics: Diagnostic[];
}

/** What the first diagnostics said. */
export interface Content {
  errors: number;
  others: number;
  /** Whether that is what the shape expects (no error, or at least one). */
  asExpected: boolean;
}

export interface Series {
  /** Median, 95th percentile and maximum, in ms. */
  median: number;
  p95: number;
  max: number;
  count: number;
}

export interface ScenarioResult {
  name: string;
  /** Edit -> the diagnostics of that version. */
  diagnostics: Series;
  /** didChange + completion sent at once -> completion answer. */
  completion: Series;
  completionItems: number;
  /** Zones the edits hit, e.g. "id list, site, end". */
  zones: string;
  /** Median edit -> diagnostics latency per zone. */
  zoneMedians: { zone: string; median: number; count: number }[];
  /** Whether the edits were sent as a person types (EditScenario.paceMs), with no completions. */
  paced?: boolean;
}

export interface ServerResult {
  kind: Kind;
  /** Spawn -> initialize answered (ms; median of the fresh processes). */
  startMs: number;
  /** didOpen -> first diagnostics (median of the fresh processes). */
  openMs: number;
  openSamples: number;
  /** Spawn -> first diagnostics of the process that went on (yaml-language-server's whole process). */
  wholeMs: number;
  content: Content;
  scenarios: ScenarioResult[];
  /** VmRSS of the server process right after the open, in bytes. */
  rssOpen: number;
  /** VmRSS and VmHWM (peak) of the server process after the edits, in bytes. */
  rss: number;
  hwm: number;
  /**
   * Ours, where `rss` is over {@link RESTED_ABOVE_BYTES}: VmRSS after {@link REST_MS} without a
   * message, what the server holds at rest once V8's memory reducer has collected the edits'
   * garbage (it waits for the process to be idle several seconds).
   */
  rssRested?: number;
  /** Whether the server reported `report_type: nope` in a second, small file. */
  schemaCheck: boolean;
  /** Whether a hover on the shape's first `ids` key (else `site`) answered: the server sees the file's structure. */
  structureCheck: boolean;
  /**
   * Where it gave no first diagnostics for the file: how long they were waited for (its open, and
   * its whole process, took longer than that).
   */
  unansweredAfterMs?: number;
  /** What went wrong, if something did (the figures may then be missing: NaN). */
  failure?: string;
}

export interface CliResult {
  /** Spawn -> exit (median of CLI_RUNS), ms. */
  wholeMs: number;
  exitCode: number | null;
  errors: number;
  asExpected: boolean;
}

export interface KeystrokeCost {
  /** Our client's notify(): JSON.stringify + Content-Length framing + write to the server's stdin pipe. */
  stdio: Series;
  /** The same, leaving out the writes during which this process collected garbage. */
  stdioWithoutGc: Series;
  /** How many writes had a garbage collection of this process inside them. */
  withGc: number;
  /** CPU time (user + system, all threads of this process) of each write, and of the slowest one. */
  cpu: Series;
  slowestCpuMs: number;
  /** The same didChange sent over Node IPC (`child.send`, what the extension's LanguageClient uses). */
  ipc: Series;
}

export interface ShapeResult {
  key: string;
  label: string;
  expect: Shape['expect'];
  /** yaml-language-server was given the file with LF line breaks (`Shape.ylsText`). */
  ylsGivenLf: boolean;
  bytes: number;
  lines: number;
  ours: ServerResult;
  yls: ServerResult;
  cli: CliResult;
  keystroke: KeystrokeCost;
}

export function series(xs: readonly number[]): Series {
  if (xs.length === 0) return { median: NaN, p95: NaN, max: NaN, count: 0 };
  const s = [...xs].sort((a, b) => a - b);
  // Nearest-rank 95th percentile: the smallest value at or above 95 % of the samples.
  const p95 = at(s, Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1));
  return { median: median(s), p95, max: at(s, -1), count: s.length };
}

/** Where the bench asks for a completion: the first key of `site`, else `fallback` (an offset). */
function completionPosition(document: TextDocument, fallback: number): { line: number; character: number } {
  const site = /(?:^|[\r\n])site:(?:\r\n|\r|\n)/.exec(document.getText());
  return document.positionAt(site === null ? fallback : site.index + site[0].length + 2);
}

/** An edit of a series, with the change that sends it and, for a completion, where to ask. */
interface PlannedEdit {
  readonly edit: Edit;
  readonly change: TextDocumentContentChangeEvent;
  readonly completeAt: { line: number; character: number } | undefined;
}

/** The next `count` edits of `scenario` from `document` (its `k`th edit on), each made on the text the ones before left. */
function planEdits(document: TextDocument, scenario: EditScenario, k: number, count: number, completions: boolean): PlannedEdit[] {
  const planned: PlannedEdit[] = [];
  for (let i = 0; i < count; i++) {
    const edit = scenario.next(document.getText(), k + i);
    const range = { start: document.positionAt(edit.start), end: document.positionAt(edit.end) };
    document = TextDocument.update(document, [{ range, text: edit.text }], document.version + 1);
    // Completion of the keys of `site` (at its first key, where both servers offer the schema's
    // properties), sent right after the change.
    const completeAt = completions ? completionPosition(document, edit.start + edit.text.length) : undefined;
    planned.push({ edit, change: { range, text: edit.text }, completeAt });
  }
  return planned;
}

function configuration(kind: Kind): (section: string | undefined) => unknown {
  if (kind === 'ours') {
    const settings = { validation: { debounceMs: 0 } };
    return (section) => (section === 'scanTargets' ? settings : null);
  }
  const yaml = {
    schemas: { [SCHEMA_URI]: '*.target-settings.yaml' },
    validate: true,
    completion: true,
    hover: true,
    // No schema store download; any other request would go to a closed port on 127.0.0.1.
    schemaStore: { enable: false, url: '' },
  };
  const http = { proxy: 'http://127.0.0.1:9', proxyStrictSSL: true };
  return (section) => (section === 'yaml' ? yaml : section === 'http' ? http : null);
}

// Ours as the desktop extension starts it: its Node options and environment.
function command(kind: Kind): string[] {
  return kind === 'ours' ? [...SERVER_NODE_OPTIONS, SERVER, '--stdio'] : [YLS, '--stdio'];
}

function environment(kind: Kind): NodeJS.ProcessEnv {
  return kind === 'ours' ? { ...process.env, ...SERVER_ENV } : process.env;
}

/**
 * Notifications the bench's client keeps whole (StdioLspClient's `keptParams`): the publishes since
 * an edit was sent are all it reads.
 */
const KEPT_NOTIFICATIONS = 4;

/** Every server process started and not yet closed, so an interrupted run can still kill them. */
const running = new Set<Server>();

/** Kills every server process this bench started that is still running (on exit, on the watchdog). */
export function killServers(): void {
  for (const server of running) {
    const p = server.client.process;
    if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  }
  running.clear();
}

/**
 * How a server's diagnostics reach the client: `pull`, as VS Code's client asks for ours (a
 * `textDocument/diagnostic` request after each change, with the id of the report it holds), or
 * `push` (publishDiagnostics after each change: yaml-language-server, and ours for a client without
 * pull such as Neovim 0.7).
 */
export type Delivery = 'pull' | 'push';

/** A server process, initialized with its settings read. */
class Server {
  readonly client: StdioLspClient;
  readonly spawnedAt: number;
  startMs = NaN;
  /** Pull: the last full report of each uri, and its id. */
  private readonly reports = new Map<string, { resultId: string | undefined; diagnostics: Diagnostic[] }>();

  constructor(
    readonly kind: Kind,
    readonly delivery: Delivery = kind === 'ours' ? 'pull' : 'push',
  ) {
    this.spawnedAt = now();
    this.client = new StdioLspClient(process.execPath, command(kind), configuration(kind), environment(kind), false, KEPT_NOTIFICATIONS);
    running.add(this);
  }

  get timeoutMs(): number {
    return this.kind === 'yls' ? YLS_TIMEOUT_MS : OURS_TIMEOUT_MS;
  }

  async initialize(): Promise<void> {
    await withTimeout(
      this.client.request('initialize', {
        processId: process.pid,
        rootUri: ROOT_URI,
        workspaceFolders: [{ uri: ROOT_URI, name: 'bench' }],
        capabilities: {
          workspace: {
            configuration: true,
            didChangeConfiguration: { dynamicRegistration: false },
            ...(this.delivery === 'pull' && { diagnostics: { refreshSupport: true } }),
          },
          textDocument: {
            synchronization: { dynamicRegistration: false },
            // (Pulled, as VS Code's client declares them; pushed, as Neovim 0.7 does, with the version the bench matches reports by.)
            publishDiagnostics: {
              versionSupport: true,
              relatedInformation: true,
              tagSupport: { valueSet: [1, 2] },
              ...(this.delivery === 'pull' && { codeDescriptionSupport: true, dataSupport: true }),
            },
            ...(this.delivery === 'pull' && { diagnostic: { dynamicRegistration: false } }),
            completion: { completionItem: { snippetSupport: true } },
            hover: { contentFormat: ['markdown', 'plaintext'] },
            // (As VS Code's client: the outline as a tree, folding by lines, at most 5,000 ranges.)
            documentSymbol: { hierarchicalDocumentSymbolSupport: true },
            foldingRange: { lineFoldingOnly: true, rangeLimit: 5000 },
          },
        },
      }),
      this.timeoutMs,
      'initialize',
    );
    this.startMs = now() - this.spawnedAt;
    this.client.notify('initialized', {});
    // Both servers pull their settings after `initialized`; once answered, a round trip makes sure
    // they are applied before the file is opened.
    const until = now() + this.timeoutMs;
    while (!this.client.serverRequests.includes('workspace/configuration')) {
      if (now() > until) throw new Error(`${this.kind}: no workspace/configuration request`);
      await sleep(2);
    }
    await withTimeout(
      this.client.request('textDocument/hover', { textDocument: { uri: `${ROOT_URI}/bench/none.yaml` }, position: { line: 0, character: 0 } }),
      this.timeoutMs,
      'round trip',
    );
  }

  /**
   * The diagnostics of `uri` at `version`, asked for right after the change (or open) that made it
   * was sent, `after` the number of notifications received before it was: pulled, a report
   * ("unchanged": the diagnostics of the report held), or the first publishDiagnostics for `uri`
   * after notification number `after` (ours: of `version`).
   */
  diagnostics(uri: string, after: number, version: number): Promise<Published> {
    if (this.delivery === 'push') return this.published(uri, after, version);
    const held = this.reports.get(uri);
    const report = this.client.request<{ kind: 'full' | 'unchanged'; resultId?: string; items?: Diagnostic[] }>('textDocument/diagnostic', {
      textDocument: { uri },
      previousResultId: held?.resultId,
    });
    return withTimeout(report, this.timeoutMs, 'textDocument/diagnostic').then((r) => {
      const diagnostics = r.kind === 'full' ? (r.items ?? []) : (held?.diagnostics ?? []);
      this.reports.set(uri, { resultId: r.resultId, diagnostics });
      return { uri, version, diagnostics };
    });
  }

  private published(uri: string, after: number, version: number): Promise<Published> {
    const notifications = this.client.notifications;
    const test = (params: unknown): boolean => {
      const p = params as Published;
      if (p.uri !== uri) return false;
      if (this.kind === 'ours') return p.version === version;
      // yaml-language-server publishes without a version: the first one after the change was sent.
      for (let i = notifications.length - 1; i >= after; i--) if (at(notifications, i).params === params) return true;
      return false;
    };
    return this.client.waitForNotification('textDocument/publishDiagnostics', test, this.timeoutMs) as Promise<Published>;
  }

  memory(): { rss: number; hwm: number } {
    try {
      const status = fs.readFileSync(`/proc/${this.client.process.pid}/status`, 'utf8');
      const kb = (field: string): number => Number(new RegExp(`^${field}:\\s*(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
      return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
    } catch {
      return { rss: NaN, hwm: NaN };
    }
  }

  async close(): Promise<void> {
    try {
      if (this.client.process.exitCode === null) {
        await withTimeout(this.client.request('shutdown', null), 5_000, 'shutdown');
        this.client.notify('exit', null);
        await withTimeout(this.client.exited(), 2_000, 'exit');
      }
    } catch {
      // killed below
    } finally {
      if (this.client.process.exitCode === null && this.client.process.signalCode === null) this.client.process.kill('SIGKILL');
      running.delete(this);
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function contentOf(p: Published, expect: Shape['expect']): Content {
  const errors = p.diagnostics.filter((d) => d.severity === 1).length;
  return { errors, others: p.diagnostics.length - errors, asExpected: expect === 'errors' ? errors > 0 : errors === 0 };
}

/** The text `kind` opens: the shape's, or what yaml-language-server is given instead (`Shape.ylsText`). */
function textFor(kind: Kind, shape: Shape): string {
  return kind === 'yls' ? (shape.ylsText ?? shape.text) : shape.text;
}

export function shapeUri(shape: Shape): string {
  return `${ROOT_URI}/bench/${shape.key}.target-settings.yaml`;
}

/** A server that gave no first diagnostics for a file in the time it was given. */
class Unanswered extends Error {
  constructor(
    readonly waitedMs: number,
    cause: unknown,
  ) {
    super(`no first diagnostics within ${waitedMs / 1000} s`, { cause });
  }
}

/** Opens the shape's file in a fresh server: spawn, initialize, didOpen, first diagnostics. */
export async function openFresh(kind: Kind, shape: Shape, delivery?: Delivery): Promise<{ server: Server; openMs: number; wholeMs: number; content: Content }> {
  const server = new Server(kind, delivery);
  try {
    await server.initialize();
    const uri = shapeUri(shape);
    const after = server.client.notifications.length;
    const t0 = now();
    server.client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: textFor(kind, shape) } });
    const first = await server.diagnostics(uri, after, 1).catch((err: unknown) => {
      throw new Unanswered(server.timeoutMs, err);
    });
    const t1 = now();
    return { server, openMs: t1 - t0, wholeMs: t1 - server.spawnedAt, content: contentOf(first, shape.expect) };
  } catch (err) {
    await server.close();
    throw err;
  }
}

async function runServer(kind: Kind, shape: Shape, stdioCosts: Array<[number, number, number]>, sent: unknown[], delivery?: Delivery): Promise<ServerResult> {
  const opens = kind === 'ours' ? OURS_OPENS : 1;
  const result: ServerResult = {
    kind,
    startMs: NaN,
    openMs: NaN,
    openSamples: 0,
    wholeMs: NaN,
    content: { errors: 0, others: 0, asExpected: false },
    scenarios: [],
    rssOpen: NaN,
    rss: NaN,
    hwm: NaN,
    schemaCheck: false,
    structureCheck: false,
  };
  const openTimes: number[] = [];
  const startTimes: number[] = [];
  let server: Server | undefined;
  try {
    for (let i = 0; i < opens; i++) {
      log(`lsp ${shape.key}: ${kind}, open ${i + 1} of ${opens}`);
      const opened = await openFresh(kind, shape, delivery);
      openTimes.push(opened.openMs);
      startTimes.push(opened.server.startMs);
      result.wholeMs = opened.wholeMs;
      result.content = opened.content;
      if (i < opens - 1) await opened.server.close();
      else server = opened.server;
    }
    result.openMs = median(openTimes);
    result.startMs = median(startTimes);
    result.openSamples = openTimes.length;
    const live = server!;
    result.rssOpen = live.memory().rss;
    const uri = shapeUri(shape);
    let document = TextDocument.create(uri, 'yaml', 1, textFor(kind, shape));
    let k = 0;
    for (const scenario of shape.scenarios) {
      if (scenario.paceMs !== undefined && kind === 'yls') {
        result.scenarios.push({
          name: scenario.name,
          diagnostics: series([]),
          completion: series([]),
          completionItems: 0,
          zones: '',
          zoneMedians: [],
          paced: true,
        });
        continue;
      }
      log(`lsp ${shape.key}: ${kind}, ${scenario.name}`);
      const latencies: number[] = [];
      const completions: number[] = [];
      let items = 0;
      const zones = new Set<string>();
      const byZone = new Map<string, number[]>();
      const budget = BUDGETS[kind];
      const phases = scenario.paceMs === undefined ? (['edits', 'completions'] as const) : (['edits'] as const);
      let lastSent = -Infinity;
      for (const phase of phases) {
        const { max, min, budgetMs } = budget[phase];
        // Every edit the phase may send, worked out before it starts: the client's own copies of
        // the 1.6 MB text (and the collections of its heap they cause, on threads beside the
        // server's on this 2-core machine) stay out of the timed edits. The document takes the
        // edits sent once the phase is over.
        const planned = planEdits(document, scenario, k, max, phase === 'completions');
        // (And collected: a collection of this process's heap, grown by the open and the series
        // before, fell inside a timed keystroke now and then, the p95 of a few dozen.)
        collectGarbage();
        const changes: TextDocumentContentChangeEvent[] = [];
        const phaseStart = now();
        for (let i = 0; i < max && (i < min || now() - phaseStart < budgetMs); i++) {
          if (scenario.paceMs !== undefined) await sleep(Math.max(0, lastSent + scenario.paceMs - now()));
          lastSent = now();
          const { edit, change, completeAt } = planned[i]!;
          changes.push(change);
          k++;
          const version = document.version + changes.length;
          zones.add(edit.zone.replace(/, .*$/, ''));
          const params = { textDocument: { uri, version }, contentChanges: [change] };
          const after = live.client.notifications.length;
          const cpu0 = process.cpuUsage();
          const t0 = now();
          live.client.notify('textDocument/didChange', params);
          const t1 = now();
          const cpu = process.cpuUsage(cpu0);
          const diagnostics = live.diagnostics(uri, after, version);
          if (kind === 'ours') {
            stdioCosts.push([t0, t1, (cpu.user + cpu.system) / 1000]);
            sent.push({ jsonrpc: '2.0', method: 'textDocument/didChange', params });
          }
          if (phase === 'edits') {
            await diagnostics;
            latencies.push(now() - t0);
            const zone = edit.zone.replace(/, .*$/, '');
            byZone.set(zone, [...(byZone.get(zone) ?? []), now() - t0]);
          } else {
            const answer = await withTimeout(
              live.client.request<{ items: unknown[] } | unknown[] | null>('textDocument/completion', {
                textDocument: { uri },
                position: completeAt,
                context: { triggerKind: 1 },
              }),
              live.timeoutMs,
              'completion',
            );
            completions.push(now() - t0);
            items = answer === null ? 0 : Array.isArray(answer) ? answer.length : answer.items.length;
            // The next edit only once this version's diagnostics are out (untimed).
            await diagnostics;
          }
        }
        document = TextDocument.update(document, changes, document.version + changes.length);
      }
      result.scenarios.push({
        name: scenario.name,
        diagnostics: series(latencies),
        completion: series(completions),
        completionItems: items,
        zones: [...zones].join(', '),
        zoneMedians: [...byZone].map(([zone, xs]) => ({ zone, median: median(xs), count: xs.length })),
        paced: scenario.paceMs !== undefined,
      });
    }
    const memory = live.memory();
    result.rss = memory.rss;
    result.hwm = memory.hwm;
    if (kind === 'ours' && memory.rss > RESTED_ABOVE_BYTES) {
      await sleep(REST_MS);
      result.rssRested = live.memory().rss;
    }
    result.structureCheck = await structureCheck(live, uri, document);
    result.schemaCheck = await schemaCheck(live);
  } catch (err) {
    result.failure = err instanceof Error ? err.message : String(err);
    if (err instanceof Unanswered) result.unansweredAfterMs = err.waitedMs;
    log(`lsp ${shape.key}: ${kind} failed: ${result.failure}`);
  } finally {
    await server?.close();
  }
  return result;
}

/**
 * A hover on the first `ids` key of the shape's file (its `site` key in a file without one: a
 * misspelled key, a bare list) must answer: else the server read the file as something else (e.g.
 * a lone-CR file as one comment line) and its figures time an empty document.
 */
async function structureCheck(server: Server, uri: string, document: TextDocument): Promise<boolean> {
  const text = document.getText();
  const key = /(^|[\r\n])ids:/.exec(text) ?? /(^|[\r\n])site:/.exec(text);
  if (key === null) return false;
  const position = document.positionAt(key.index + at(key, 1).length + 1);
  try {
    const hover = await withTimeout(
      server.client.request<{ contents: unknown } | null>('textDocument/hover', { textDocument: { uri }, position }),
      server.timeoutMs,
      'hover',
    );
    if (hover === null || hover === undefined) return false;
    const contents = hover.contents as string | { value?: string } | unknown[];
    return typeof contents === 'string' ? contents.length > 0 : Array.isArray(contents) ? contents.length > 0 : Boolean(contents.value);
  } catch {
    return false;
  }
}

/** A small second file with a schema error (`report_type: nope`): the server must report it on its line. */
async function schemaCheck(server: Server): Promise<boolean> {
  const uri = `${ROOT_URI}/bench/schema-check.target-settings.yaml`;
  const lines = ['ids:', '  - 3Sy7TyNMnQ8x', 'site:', '  name: Shop', '  url: https://shop.example', 'report_type: nope', ''];
  const after = server.client.notifications.length;
  server.client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: lines.join('\n') } });
  try {
    const p = await server.diagnostics(uri, after, 1);
    return p.diagnostics.some((d) => d.range.start.line === 5);
  } catch {
    return false;
  }
}

function runCli(shape: Shape, dir: string): CliResult {
  const file = path.join(dir, `${shape.key}.target-settings.yaml`);
  fs.writeFileSync(file, shape.text);
  const times: number[] = [];
  let exitCode: number | null = null;
  let errors = NaN;
  for (let i = 0; i < CLI_RUNS; i++) {
    const t0 = now();
    const run = spawnSync(process.execPath, [CLI, 'validate', '--format', 'json', file], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, timeout: 120_000 });
    times.push(now() - t0);
    exitCode = run.status;
    try {
      errors = (JSON.parse(run.stdout) as { summary: { errors: number } }).summary.errors;
    } catch {
      errors = NaN;
    }
  }
  return { wholeMs: median(times), exitCode, errors, asExpected: shape.expect === 'errors' ? errors > 0 && exitCode === 1 : errors === 0 && exitCode === 0 };
}

/** The didChange messages of our run, sent again over Node IPC to a child that ignores them. */
async function ipcCosts(messages: readonly unknown[]): Promise<number[]> {
  const sink = spawn(process.execPath, ['-e', "process.on('message', () => undefined); process.on('disconnect', () => process.exit(0));"], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      sink.once('spawn', () => resolve());
      sink.once('error', reject);
    });
    const costs: number[] = [];
    for (const message of messages) {
      const t0 = now();
      sink.send(message as object);
      costs.push(now() - t0);
      // Let the channel drain between keystrokes, as a user's typing does.
      await sleep(1);
    }
    return costs;
  } finally {
    if (sink.connected) sink.disconnect();
    sink.kill('SIGKILL');
  }
}

/** Garbage collections of this process while it runs (same clock as performance.now()). */
function watchGc(): { stop(): Promise<Array<{ start: number; end: number }>> } {
  const entries: Array<{ start: number; end: number }> = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) entries.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    async stop() {
      // Entries are delivered asynchronously: let the last ones arrive.
      await sleep(50);
      observer.disconnect();
      return entries;
    },
  };
}

function keystrokeCost(windows: ReadonlyArray<[number, number, number]>, gcs: ReadonlyArray<{ start: number; end: number }>, ipc: number[]): KeystrokeCost {
  const hit = (w: readonly [number, number, number]): boolean => gcs.some((g) => g.start < w[1] && g.end > w[0]);
  const all = windows.map(([a, b]) => b - a);
  const clean = windows.filter((w) => !hit(w)).map(([a, b]) => b - a);
  const slowest = windows.reduce<readonly [number, number, number] | undefined>(
    (worst, w) => (worst === undefined || w[1] - w[0] > worst[1] - worst[0] ? w : worst),
    undefined,
  );
  return {
    stdio: series(all),
    stdioWithoutGc: series(clean),
    withGc: windows.length - clean.length,
    slowestCpuMs: slowest === undefined ? NaN : slowest[2],
    cpu: series(windows.map((w) => w[2])),
    ipc: series(ipc),
  };
}

/** Our server's resident memory on a plain file of one size. */
export interface MemoryBySize {
  ids: number;
  /** VmRSS right after the file's first diagnostics, in bytes. */
  rssOpen: number;
  /** VmRSS after {@link MEMORY_EDITS} edits spread over the file, each awaited, in bytes. */
  rssEdits: number;
  /** VmRSS of a server with no file open (after initialize), in bytes. */
  rssIdle: number;
}

const MEMORY_EDITS = 30;

/** Resident memory of our server after the open and after the edits, on plain files of each size: the growth per id. */
export async function benchMemoryBySize(sizes: readonly number[]): Promise<MemoryBySize[]> {
  const rows: MemoryBySize[] = [];
  for (const n of sizes) {
    log(`memory by size: ${n} ids`);
    const shape = plainShape(n);
    const idle = new Server('ours');
    let rssIdle = NaN;
    try {
      await idle.initialize();
      rssIdle = idle.memory().rss;
    } finally {
      await idle.close();
    }
    const { server } = await openFresh('ours', shape);
    try {
      const rssOpen = server.memory().rss;
      const uri = shapeUri(shape);
      const planned = planEdits(TextDocument.create(uri, 'yaml', 1, shape.text), shape.scenarios[0]!, 0, MEMORY_EDITS, false);
      for (const [i, { change }] of planned.entries()) {
        const version = 2 + i;
        const after = server.client.notifications.length;
        server.client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
        await server.diagnostics(uri, after, version);
      }
      rows.push({ ids: n, rssOpen, rssEdits: server.memory().rss, rssIdle });
    } finally {
      await server.close();
    }
  }
  return rows;
}

/** Our server's edits after a bulk update that rejected some of the plain file's ids. */
export interface RejectedIdsResult {
  /** How many ids the run rejected (spread over the list). */
  readonly rejected: number;
  readonly delivery: Delivery;
  /** How many diagnostics the last edit published (the editor's cap and its note included). */
  readonly shown: number;
  readonly diagnostics: Series;
  readonly failure?: string;
}

/**
 * The one-character edits of the plain file's first scenario, timed as in {@link runServer}, after
 * a bulk update that rejected `counts` of its ids: the rejected ids' diagnostics follow each edit,
 * pulled or pushed (`delivery`).
 */
export async function benchRejectedIds(counts: readonly number[], delivery: Delivery): Promise<RejectedIdsResult[]> {
  const shape = plainShape(LSP_IDS);
  const ids = [...shape.text.matchAll(/^ {2}- (\S+)$/gm)].map((m) => m[1]!);
  const { max, min, budgetMs } = BUDGETS.ours.edits;
  const rows: RejectedIdsResult[] = [];
  for (const n of counts) {
    log(`lsp: edits after ${n} rejected ids, ${delivery}`);
    const invalid = ids.filter((_, i) => i % Math.max(1, Math.floor(ids.length / n)) === 0).slice(0, n);
    const latencies: number[] = [];
    let shown = 0;
    let failure: string | undefined;
    const { server } = await openFresh('ours', shape, delivery);
    try {
      const uri = shapeUri(shape);
      const outcome = { uri, documentIndex: 0, sent: ids, invalid, failed: [] };
      const refreshes = server.client.serverRequestCount('workspace/diagnostic/refresh');
      await withTimeout(server.client.request('scanTargets/recordBulkOutcome', outcome), server.timeoutMs, 'recordBulkOutcome');
      // A client that pulls is asked to pull again: the edits start from the outcome's diagnostics.
      if (delivery === 'pull') {
        await server.client.waitForServerRequest('workspace/diagnostic/refresh', refreshes, server.timeoutMs);
        await server.diagnostics(uri, server.client.notifications.length, 1);
      }
      const planned = planEdits(TextDocument.create(uri, 'yaml', 1, shape.text), shape.scenarios[0]!, 0, max, false);
      const started = now();
      for (let i = 0; i < max && (i < min || now() - started < budgetMs); i++) {
        const version = 2 + i;
        const after = server.client.notifications.length;
        const t0 = now();
        server.client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [planned[i]!.change] });
        shown = (await server.diagnostics(uri, after, version)).diagnostics.length;
        latencies.push(now() - t0);
      }
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
      log(`lsp rejected ids ${n} failed: ${failure}`);
    } finally {
      await server.close();
    }
    rows.push({ rejected: invalid.length, delivery, shown, diagnostics: series(latencies), ...(failure !== undefined ? { failure } : {}) });
  }
  return rows;
}

/** A replace-all on the plain file, through one server. */
export interface ReplaceAllResult {
  readonly kind: Kind;
  readonly matches: number;
  /** didChange -> the diagnostics of its version: a character put before each of the first `matches` ids, then taken away. */
  readonly putMs: number;
  readonly takenMs: number;
  readonly failure?: string;
}

/**
 * A replace-all as VS Code sends it (one didChange with a change per match, the last match first)
 * over `counts` of the plain file's ids, each through a fresh server (yaml-language-server up to
 * `ylsUpTo` matches: it takes seconds for thousands).
 */
export async function benchReplaceAll(counts: readonly number[], ylsUpTo: number): Promise<ReplaceAllResult[]> {
  const shape = plainShape(LSP_IDS);
  const idLines = shape.text.split('\n').flatMap((line, i) => (line.startsWith('  - ') ? [i] : []));
  const rows: ReplaceAllResult[] = [];
  for (const kind of ['ours', 'yls'] as const) {
    for (const matches of counts.filter((n) => kind === 'ours' || n <= ylsUpTo)) {
      log(`lsp: a replace-all of ${matches} matches, ${kind}`);
      const { server } = await openFresh(kind, shape);
      const uri = shapeUri(shape);
      const times: number[] = [];
      let failure: string | undefined;
      try {
        for (const [version, put] of [
          [2, true],
          [3, false],
        ] as const) {
          const contentChanges = idLines
            .slice(0, matches)
            .reverse()
            .map((line) => ({ range: { start: { line, character: 4 }, end: { line, character: put ? 4 : 5 } }, text: put ? 'x' : '' }));
          const after = server.client.notifications.length;
          const t0 = now();
          server.client.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
          await server.diagnostics(uri, after, version);
          times.push(now() - t0);
        }
      } catch (err) {
        failure = err instanceof Error ? err.message : String(err);
        log(`lsp replace-all ${matches} ${kind} failed: ${failure}`);
      } finally {
        await server.close();
      }
      rows.push({ kind, matches, putMs: times[0] ?? NaN, takenMs: times[1] ?? NaN, ...(failure !== undefined ? { failure } : {}) });
    }
  }
  return rows;
}

/** Our server on a file of the 100,000 ids in many small documents. */
export interface DocumentsResult {
  readonly documents: number;
  readonly label: string;
  readonly bytes: number;
  readonly ours: ServerResult;
}

/**
 * Our server on files of the 100,000 ids in `counts` documents each (bench/shapes.ts,
 * documentsShape), with the edit series of shape 14: where a keystroke costs what the documents
 * cost rather than what the ids cost.
 */
export async function benchDocuments(counts: readonly number[]): Promise<DocumentsResult[]> {
  const rows: DocumentsResult[] = [];
  for (const documents of counts) {
    const shape = documentsShape(documents);
    rows.push({ documents, label: shape.label, bytes: Buffer.byteLength(shape.text), ours: await runServer('ours', shape, [], []) });
  }
  return rows;
}

/** Our server with its diagnostics pushed (a client without pull, such as Neovim 0.7) on the shapes `keys`. */
export async function benchPushed(keys: readonly string[]): Promise<Array<{ label: string; ours: ServerResult }>> {
  const rows: Array<{ label: string; ours: ServerResult }> = [];
  for (const shape of shapes(LSP_IDS).filter((s) => keys.includes(s.key))) {
    log(`lsp ${shape.key}: ours, pushed`);
    rows.push({ label: shape.label, ours: await runServer('ours', shape, [], [], 'push') });
  }
  return rows;
}

export async function benchLanguageServers(): Promise<ShapeResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-targets-bench-'));
  const results: ShapeResult[] = [];
  try {
    // BENCH_SHAPES=plain,flow runs only those shapes (for working on one; `npm run bench` runs them all).
    const only = process.env.BENCH_SHAPES?.split(',').filter(Boolean);
    for (const shape of shapes(LSP_IDS).filter((s) => only === undefined || only.length === 0 || only.includes(s.key))) {
      const stdio: Array<[number, number, number]> = [];
      const sent: unknown[] = [];
      log(`lsp ${shape.key}: ${shape.label}`);
      const gcs = watchGc();
      const ours = await runServer('ours', shape, stdio, sent);
      const collections = await gcs.stop();
      const yls = await runServer('yls', shape, [], []);
      log(`lsp ${shape.key}: scan-targets validate`);
      // A second for the machine to settle after yaml-language-server's process (over a gigabyte on
      // some shapes) is gone: three runs straight after it were up to half as slow again as alone.
      await sleep(1000);
      const cli = runCli(shape, dir);
      const ipc = await ipcCosts(sent);
      results.push({
        key: shape.key,
        label: shape.label,
        expect: shape.expect,
        ylsGivenLf: shape.ylsText !== undefined,
        bytes: Buffer.byteLength(shape.text),
        lines: shape.text.split(/\r\n|\r|\n/).length,
        ours,
        yls,
        cli,
        keystroke: keystrokeCost(stdio, collections, ipc),
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
