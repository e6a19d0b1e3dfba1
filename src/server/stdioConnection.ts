// The connection over standard input and output (`scan-targets lsp --stdio`, dist/server.js
// --stdio): Neovim, Helix, Emacs and the other editors' clients. Its messages are written with
// reusingJsonEncoder; otherwise it is what vscode-languageserver makes of --stdio.
import { format } from 'util';
import { createConnection, ProposedFeatures, StreamMessageWriter, type Connection } from 'vscode-languageserver/node';
import { reusingJsonEncoder } from './jsonEncoder';

export function stdioConnection(): Connection {
  const writer = new StreamMessageWriter(process.stdout, { contentTypeEncoder: reusingJsonEncoder() });
  // A stream as input (the process exits when it ends, as with --stdio) and a writer as output:
  // createConnection takes each as it comes, though its types offer only pairs.
  const connection = createConnection(ProposedFeatures.all, process.stdin, writer as unknown as NodeJS.WritableStream);
  // Standard output carries the protocol: what would be printed goes to the client's log instead.
  console.log = console.info = console.debug = (...args: unknown[]) => connection.console.log(format(...args));
  console.warn = (...args: unknown[]) => connection.console.warn(format(...args));
  console.error = (...args: unknown[]) => connection.console.error(format(...args));
  return connection;
}
