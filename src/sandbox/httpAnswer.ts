// An answer as the sandbox builds it (status, body, content type, headers), and the two ends of a
// request on node's `http`: reading its body, bounded, and writing an answer. Shared by the
// endpoints, the faults and the server, which otherwise know nothing of each other.
import type * as http from 'node:http';

const MAX_BODY_BYTES = 10 * 1024 * 1024;

export interface Answer {
  status: number;
  body: string;
  contentType: string;
  headers?: Record<string, string>;
}

export function json(status: number, value: unknown, headers?: Record<string, string>): Answer {
  return { status, body: JSON.stringify(value), contentType: 'application/json', headers };
}

export function send(res: http.ServerResponse, answer: Answer): void {
  if (res.destroyed) return;
  const bytes = Buffer.from(answer.body, 'utf8');
  res.writeHead(answer.status, { ...answer.headers, 'content-type': answer.contentType, 'content-length': String(bytes.length) });
  res.end(bytes);
}

export function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        failed = true;
        reject(new Error('too large'));
        return;
      }
      if (!failed) chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
    });
  });
}
