// The language worker: a worker thread that owns the parse cache and runs validation, completion,
// hover, code actions and id selection, so that parsing a large file never blocks the extension
// host's thread (a 100,000-id file takes most of a second to parse).
import { parentPort } from 'worker_threads';
import { LanguageService } from '../../core/service';
import type { WorkerRequest, WorkerResponse } from './protocol';

const port = parentPort;
if (!port) throw new Error('workerMain must run in a worker thread');

// The worker shares the extension host's environment (SHARE_ENV), so `${env:NAME}` is read as it is now.
const service = new LanguageService((name) => process.env[name]);
const texts = new Map<string, { version: number; text: string }>();
const queue: WorkerRequest[] = [];
let draining = false;

port.on('message', (request: WorkerRequest) => {
  // Keep the newest text at once, so requests that arrive later without text find it.
  if (request.document?.text !== undefined) texts.set(request.document.uri, { version: request.document.version, text: request.document.text });
  queue.push(request);
  if (!draining) {
    draining = true;
    setImmediate(drain);
  }
});

function drain(): void {
  const request = queue.shift();
  if (!request) {
    draining = false;
    return;
  }
  const newer = request.supersedeKey !== undefined && queue.some((q) => q.supersedeKey === request.supersedeKey);
  if (newer) {
    reply({ id: request.id, ok: false, superseded: true, error: 'superseded by a newer request' });
  } else {
    reply(handle(request));
  }
  setImmediate(drain);
}

function handle(request: WorkerRequest): WorkerResponse {
  try {
    if (request.method === 'close') {
      texts.delete(String(request.params));
      service.forget(String(request.params));
      return { id: request.id, ok: true, result: null };
    }
    const doc = request.document;
    let file;
    if (doc) {
      const known = texts.get(doc.uri);
      if (!known || known.version !== doc.version) throw new Error(`no text for ${doc.uri} version ${doc.version}`);
      file = service.parse(doc.uri, doc.version, known.text);
    }
    return { id: request.id, ok: true, result: service.call(request.method, file, request.params) };
  } catch (err) {
    return { id: request.id, ok: false, error: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err) };
  }
}

function reply(response: WorkerResponse): void {
  port!.postMessage(response);
}
