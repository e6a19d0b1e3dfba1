// Terminal niceties: colour (only when the context allows it) and the y/N confirmation prompt.
import * as readline from 'node:readline';
import type { InStream, OutStream } from './context';

const CODES = {
  reset: '\u001b[0m',
  bold: '\u001b[1m',
  dim: '\u001b[2m',
  red: '\u001b[31m',
  green: '\u001b[32m',
  yellow: '\u001b[33m',
  blue: '\u001b[34m',
  cyan: '\u001b[36m',
} as const;

export type Paint = (text: string) => string;
export interface Palette {
  bold: Paint;
  dim: Paint;
  red: Paint;
  green: Paint;
  yellow: Paint;
  blue: Paint;
  cyan: Paint;
}

/** Colour functions; identity functions when `enabled` is false. */
export function palette(enabled: boolean): Palette {
  const make =
    (code: string): Paint =>
    (text) =>
      enabled && text !== '' ? `${code}${text}${CODES.reset}` : text;
  return {
    bold: make(CODES.bold),
    dim: make(CODES.dim),
    red: make(CODES.red),
    green: make(CODES.green),
    yellow: make(CODES.yellow),
    blue: make(CODES.blue),
    cyan: make(CODES.cyan),
  };
}

/**
 * Asks `question [y/N]` on `output` and reads one line from `input`. Only `y` or `yes` (any case)
 * confirm; Enter, anything else, end of input and Ctrl+C decline.
 */
export function confirm(question: string, input: InStream, output: OutStream): Promise<boolean> {
  return new Promise((resolve) => {
    const rl = readline.createInterface({ input, output: output as NodeJS.WritableStream, terminal: input.isTTY === true });
    let settled = false;
    const done = (answer: boolean): void => {
      if (settled) return;
      settled = true;
      rl.close();
      resolve(answer);
    };
    rl.on('SIGINT', () => {
      output.write('\n');
      done(false);
    });
    rl.on('close', () => done(false));
    rl.question(`${question} [y/N] `, (answer) => done(/^\s*y(es)?\s*$/i.test(answer)));
  });
}
