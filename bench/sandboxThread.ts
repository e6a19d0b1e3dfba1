// The local sandbox on a thread of its own for the bulk update bench: a real service runs elsewhere,
// so its work must not share the event loop (and the garbage collector) with the client measured.
// Messages: 'reset' (answered 'reset'), 'close' (answered 'closed').
import { parentPort, workerData } from 'worker_threads';
import { startSandbox, type SandboxOptions } from '../src/sandbox';

void startSandbox(workerData as SandboxOptions).then((sandbox) => {
  parentPort!.on('message', (message: string) => {
    if (message === 'reset') {
      sandbox.reset();
      parentPort!.postMessage('reset');
    } else if (message === 'close') {
      void sandbox.close().then(() => parentPort!.postMessage('closed'));
    }
  });
  parentPort!.postMessage({ url: sandbox.url });
});
