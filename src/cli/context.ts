// What a command gets to talk to the world: the streams, the environment, whether each stream
// takes colour, and output that can never carry the API token.
export interface OutStream {
  write(chunk: string): boolean;
  readonly isTTY?: boolean;
}

export interface InStream extends NodeJS.ReadableStream {
  readonly isTTY?: boolean;
}

export interface CliContext {
  /** Writes to stdout (results). */
  out(text: string): void;
  /** Writes to stderr (errors, progress, prompts). */
  err(text: string): void;
  /** Colour on stdout: a terminal, and NO_COLOR not set. */
  readonly colorOut: boolean;
  /** Colour on stderr: a terminal, and NO_COLOR not set. */
  readonly colorErr: boolean;
  readonly stdin: InStream;
  readonly stderrStream: OutStream;
  readonly env: NodeJS.ProcessEnv;
  /** Adds values that must never be printed (resolved secrets of a request body). */
  addSecrets(values: readonly string[]): void;
}

/** Colour only on a terminal, and never when NO_COLOR is set (to any value, even empty). */
export function colorEnabled(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && !Object.prototype.hasOwnProperty.call(env, 'NO_COLOR');
}

/** Shortest secret the output guard replaces (a shorter one would mangle ordinary text). */
const MIN_GUARDED_LENGTH = 8;

export function createContext(streams: { stdout: OutStream; stderr: OutStream; stdin: InStream }, env: NodeJS.ProcessEnv): CliContext {
  // A last line of defence: the token is never supposed to reach the output at all, but if it
  // ever did, it is replaced rather than printed. Exact values only, no pattern matching, so
  // results (JSON, ids) are never altered.
  let secrets: string[] = [];
  const addSecrets = (values: readonly (string | undefined)[]): void => {
    const forms = new Set(secrets);
    for (const v of values) {
      const s = v?.trim();
      if (s === undefined || s.length < MIN_GUARDED_LENGTH) continue;
      forms.add(s);
      forms.add(JSON.stringify(s).slice(1, -1)); // as it would appear inside a JSON string
    }
    secrets = [...forms].sort((a, b) => b.length - a.length);
  };
  addSecrets([env.SCAN_TARGETS_TOKEN]);
  const guard = (text: string): string => {
    let out = text;
    for (const s of secrets) if (out.includes(s)) out = out.split(s).join('***');
    return out;
  };
  return {
    out: (text) => void streams.stdout.write(guard(text)),
    err: (text) => void streams.stderr.write(guard(text)),
    colorOut: colorEnabled(streams.stdout, env),
    colorErr: colorEnabled(streams.stderr, env),
    // Read when a command asks: touching process.stdin loads Node's stream machinery (about 8 ms of
    // every start), which only the prompt of bulk-update needs.
    get stdin() {
      return streams.stdin;
    },
    stderrStream: streams.stderr,
    env,
    addSecrets,
  };
}
