// `npm start`: a browser-based VS Code on 127.0.0.1 with the extension loaded, the examples/
// folder open with the getting-started example in an editor, and the local sandbox service running
// inside it, already connected (base URL set and a token stored in secret storage). Prints the URL
// and runs until Ctrl+C.
import path from 'node:path';
import { REPO_ROOT } from './vscode-host.mjs';
import { GETTING_STARTED, startDemoWorkbench } from './demo-workbench.mjs';

const { server, url } = await startDemoWorkbench({
  workDir: path.join(REPO_ROOT, '.vscode-test', 'start'),
  port: Number(process.env.PORT ?? 8080),
  log: (text) =>
    process.stdout.write(
      text
        .split('\n')
        .filter((l) => /error/i.test(l))
        .map((l) => `[code-server] ${l}\n`)
        .join(''),
    ),
});
console.log(
  `\nScan Target Settings is running in VS Code 1.100.3 at:\n\n  ${url}\n\nOpen it in a browser: examples/${GETTING_STARTED} is open and the local sandbox service is running,\nconnected, and knows the targets of the examples. Run "Scan Targets: Run Bulk Update on Selected IDs"\nfrom the command palette (F1), or click "Bulk update" above ids:.\nPress Ctrl+C to stop.`,
);

const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
await server.exited;
