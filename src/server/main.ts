// Entry of dist/server.js, the language server the VS Code extension starts. The transport comes
// from the command line as vscode-languageserver reads it: --node-ipc, --stdio, --socket=N or
// --pipe=NAME. (`scan-targets lsp` starts the same server.)
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { nodeHost } from './nodeHost';
import { startServer } from './server';
import { stdioConnection } from './stdioConnection';

startServer(process.argv.includes('--stdio') ? stdioConnection() : createConnection(ProposedFeatures.all), nodeHost);
