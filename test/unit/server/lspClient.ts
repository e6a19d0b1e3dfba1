// A minimal LSP client over a child process's stdio, written from the protocol (Content-Length
// framing, JSON-RPC 2.0), as any editor's client speaks it: requests with ids, notifications,
// answers to the server's own requests (workspace/configuration), and the notifications it
// pushes (publishDiagnostics) kept for the test to wait on. Every byte the server writes is kept
// too, and appended to out/reliability/lsp-wire.log when it ends, where the canary scan reads it.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';

interface Message {
  jsonrpc: '2.0';
  id?: number | string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
  /** A notification kept as its method only (see StdioLspClient's `keptParams`). */
  forgotten?: true;
}

/** A stack frame as Node prints it: `    at fn (file:line:column)`. */
const STACK_FRAME = /\n\s+at .+\(.+:\d+:\d+\)/;
/** Node's own report, or the line the server's handler logs. */
const UNHANDLED_REJECTION = /UnhandledPromiseRejection|unhandledRejection|unhandled rejection/i;

type Waiter = { test: (m: Message) => boolean; resolve: (m: Message) => void };

/** Where every server's output goes for the canary scan (this file runs from out/test/unit/server/). */
const WIRE_LOG = path.resolve(__dirname, '../../../..', 'out', 'reliability', 'lsp-wire.log');

export class StdioLspClient {
  readonly process: ChildProcessWithoutNullStreams;
  /**
   * What has arrived of the messages not read yet, in chunks, joined only once a whole message is
   * there (as vscode-jsonrpc's reader does: joined with every chunk, an answer of 5 MB was copied
   * 80 times over, and the bench's figures for large answers timed that).
   */
  private chunks: Buffer[] = [];
  private received = 0;
  /** Where the body of the message being read starts and ends in what has arrived, once its header has. */
  private body: { start: number; end: number } | undefined;
  private readonly written: Buffer[] = [];
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private waiters: Waiter[] = [];
  /** Every notification the server sent, in order. */
  readonly notifications: Message[] = [];
  /** Every request the server sent (method names), in order. */
  readonly serverRequests: string[] = [];
  stderr = '';
  private readonly closed: Promise<number | null>;

  constructor(
    command: string,
    args: readonly string[],
    private readonly configuration: (section: string | undefined) => unknown,
    env: NodeJS.ProcessEnv = process.env,
    /**
     * Whether every byte the server writes is kept ({@link wire}, and the wire log written at the
     * end). The bench keeps none: a series of keystrokes on a file of 1,000 repeated ids kept
     * 0.4 MB of diagnostics a keystroke, and the collections of this process's growing heap fell
     * inside the keystrokes it timed.
     */
    private readonly keepWire = true,
    /**
     * How many of the latest notifications keep their params: older ones are kept as their method
     * only, and match no {@link waitForNotification}. The bench keeps a few: a client that kept
     * every report of 1,000 pushed diagnostics (1 MB of objects a keystroke) had two collections of
     * its young generation, 9 ms each, fall inside one keystroke it timed.
     */
    private readonly keptParams = Infinity,
  ) {
    this.process = spawn(command, [...args], { stdio: 'pipe', env });
    this.closed = new Promise((resolve) =>
      this.process.once('close', (code) => {
        mkdirSync(path.dirname(WIRE_LOG), { recursive: true });
        appendFileSync(WIRE_LOG, `$ ${[command, ...args].join(' ')}\n--- stdout ---\n${this.wire}\n--- stderr ---\n${this.stderr}\n`);
        resolve(code);
      }),
    );
    this.process.stdout.on('data', (chunk: Buffer) => {
      if (this.keepWire) this.written.push(chunk);
      this.receive(chunk);
    });
    this.process.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
  }

  /** Every byte the server has written on stdout so far (headers, requests, answers, notifications), as text. */
  get wire(): string {
    return this.keepWire ? Buffer.concat(this.written).toString('utf8') : '(not kept)';
  }

  request<T>(method: string, params: unknown): Promise<T> {
    const id = this.nextId++;
    this.send({ jsonrpc: '2.0', id, method, params });
    return new Promise<T>((resolve, reject) => this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
  }

  notify(method: string, params: unknown): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  /** The first notification (already received or still to come) that passes `test`. */
  waitForNotification(method: string, test: (params: unknown) => boolean, timeoutMs = 20_000): Promise<unknown> {
    const match = (m: Message) => m.id === undefined && m.method === method && m.forgotten !== true && test(m.params);
    const known = this.notifications.find(match);
    if (known) return Promise.resolve(known.params);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${method} notification matched within ${timeoutMs} ms; stderr: ${this.stderr}`)), timeoutMs);
      this.waiters.push({
        test: match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m.params);
        },
      });
    });
  }

  /** How many requests of `method` the server has sent so far. */
  serverRequestCount(method: string): number {
    return this.serverRequests.filter((m) => m === method).length;
  }

  /** Resolves once the server has sent more than `seen` requests of `method`. */
  waitForServerRequest(method: string, seen: number, timeoutMs = 20_000): Promise<void> {
    if (this.serverRequestCount(method) > seen) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the server sent no new ${method} request within ${timeoutMs} ms; stderr: ${this.stderr}`)), timeoutMs);
      this.waiters.push({
        test: (m) => m.id !== undefined && m.method === method,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  /**
   * Resolves with the exit code once the process ends and its output is read; rejects when the
   * server reported an unhandled promise rejection (on stderr, or in its log) or printed a stack
   * trace on stderr: a bug that the answers alone would not show.
   */
  async exited(): Promise<number | null> {
    const code = await this.closed;
    this.assertNoUnhandledErrors();
    return code;
  }

  /** Throws when stderr or the server's log shows an unhandled rejection, or stderr a stack trace. */
  assertNoUnhandledErrors(): void {
    if (UNHANDLED_REJECTION.test(this.stderr)) throw new Error(`the server reported an unhandled promise rejection on stderr:\n${this.stderr}`);
    if (STACK_FRAME.test(this.stderr)) throw new Error(`the server printed a stack trace on stderr:\n${this.stderr}`);
    const logged = this.notifications
      .filter((m) => m.method === 'window/logMessage')
      .map((m) => (m.params as { message?: string }).message ?? '')
      .filter((text) => UNHANDLED_REJECTION.test(text));
    if (logged.length > 0) throw new Error(`the server logged an unhandled promise rejection:\n${logged.join('\n')}`);
  }

  /**
   * A notification and a request written at once, so that they reach the server together: as an
   * editor's client sends a change and the completion the same keystroke asks for.
   */
  notifyWithRequest<T>(notification: { method: string; params: unknown }, method: string, params: unknown): Promise<T> {
    const id = this.nextId++;
    const answer = new Promise<T>((resolve, reject) => this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
    this.process.stdin.write(Buffer.concat([framed({ jsonrpc: '2.0', ...notification }), framed({ jsonrpc: '2.0', id, method, params })]));
    return answer;
  }

  private send(message: Message): void {
    this.process.stdin.write(framed(message));
  }

  private receive(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.received += chunk.length;
    for (;;) {
      if (this.body === undefined) {
        const headerEnd = this.joined().indexOf('\r\n\r\n');
        if (headerEnd === -1) return;
        const header = this.joined().subarray(0, headerEnd).toString('ascii');
        const length = Number(/Content-Length: *(\d+)/i.exec(header)?.[1]);
        if (!Number.isFinite(length)) throw new Error(`bad header from the server: ${header}`);
        this.body = { start: headerEnd + 4, end: headerEnd + 4 + length };
      }
      const { start, end } = this.body;
      if (this.received < end) return;
      const arrived = this.joined();
      const message = JSON.parse(arrived.subarray(start, end).toString('utf8')) as Message;
      this.chunks = [arrived.subarray(end)];
      this.received -= end;
      this.body = undefined;
      this.dispatch(message);
    }
  }

  /** What has arrived, as one buffer. */
  private joined(): Buffer {
    if (this.chunks.length !== 1) this.chunks = [Buffer.concat(this.chunks)];
    return this.chunks[0]!;
  }

  private wake(message: Message): void {
    const ready = this.waiters.filter((w) => w.test(message));
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const w of ready) w.resolve(message);
  }

  private dispatch(message: Message): void {
    if (message.method !== undefined && message.id !== undefined) {
      this.serverRequests.push(message.method);
      const result =
        message.method === 'workspace/configuration'
          ? (message.params as { items: { section?: string }[] }).items.map((item) => this.configuration(item.section))
          : null;
      this.send({ jsonrpc: '2.0', id: message.id, result });
      this.wake(message);
    } else if (message.method !== undefined) {
      this.notifications.push(message);
      const old = this.notifications.length - 1 - this.keptParams;
      if (old >= 0) this.notifications[old] = { jsonrpc: '2.0', method: this.notifications[old]!.method, forgotten: true };
      this.wake(message);
    } else if (typeof message.id === 'number') {
      const pending = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) pending?.reject(new Error(`${message.error.code}: ${message.error.message}`));
      else pending?.resolve(message.result);
    }
  }
}

/** A message with its header, as the base protocol sends it. */
function framed(message: Message): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
}
