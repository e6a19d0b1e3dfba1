// Why a request body cannot be sent, for both steps of building it (preparing it from the file,
// resolving its placeholders right before sending): each problem names the field and the
// variable, never a value, and one message says them all at once.

import type { EnvState } from '../envPlaceholders';
import { encodeJsonPointer, formatFieldPath, type PathSegment } from '../paths';
import type { OffsetRange } from '../yaml/parsedDocument';
import { walk } from './valueTree';

export type BodyProblemCode =
  /** A `${env:NAME}` variable is not set. */
  | 'missing-env'
  /** A `${env:NAME}` variable is set but empty (CI systems give unset secrets as empty strings). */
  | 'empty-env'
  /** A `${env:NAME}` placeholder where there is no environment to read it from (an editor in a browser). */
  | 'no-environment'
  /** `${env:` not followed by a variable name and `}`. */
  | 'malformed-env'
  /** A value of the form `OBFUSCATED_...`: the service's mask of a secret. */
  | 'obfuscated'
  /** The document is not a mapping of settings. */
  | 'not-a-mapping';

/** Why a body cannot be sent. `message` names the field and the variable, never a value. */
export interface BodyProblem {
  readonly code: BodyProblemCode;
  readonly message: string;
  /** Path of the value in the document. */
  readonly path: readonly PathSegment[];
  /** The same as a JSON pointer (as in CoreDiagnostic.path). */
  readonly pointer: string;
  /** The variable, for the env problems. */
  readonly variable?: string;
  /** Range of the value in the file, when found by `prepareDocumentBody`. */
  readonly range?: OffsetRange;
}

/**
 * One message for every problem of a body: the unset variables named together, then the others.
 * The same words for the language server's plan and for the side that resolves.
 */
export function bodyRefusal(problems: readonly BodyProblem[]): string {
  const variablesOf = (wanted: (p: BodyProblem) => boolean): string[] => [
    ...new Set(problems.flatMap((p) => (p.variable === undefined || !wanted(p) ? [] : [p.variable]))),
  ];
  const sentences = ['Nothing was sent.'];
  // A browser's refusal is one sentence for all of them: no variable can be set there.
  const unavailable = variablesOf((p) => p.code === 'no-environment');
  if (unavailable.length > 0) {
    sentences.push(
      `This document uses ${unavailable.map((name) => `\${env:${name}}`).join(', ')}, and an editor in a browser has no environment variables to read ${unavailable.length === 1 ? 'it' : 'them'} from. ` +
        'Run this bulk update from VS Code on the desktop, or with the scan-targets command line, where the variables are set.',
    );
  }
  const names = variablesOf((p) => p.code !== 'no-environment');
  if (names.length > 0) {
    const [subject, verb, them] = names.length === 1 ? ['The environment variable', 'is', 'it'] : ['The environment variables', 'are', 'them'];
    sentences.push(
      `${subject} ${names.join(', ')} ${verb} not set, or empty, where the bulk update runs. Set ${them} in the environment VS Code starts from, restart VS Code, and run the bulk update again.`,
    );
  }
  sentences.push(...problems.filter((p) => p.variable === undefined).map((p) => p.message));
  return sentences.join(' ');
}

/**
 * The service's mask of a secret, `OBFUSCATED_<hash>`, wherever it stands in a value (`Bearer
 * OBFUSCATED_1f…`, a JSON login payload holding one) and in any letter case: sent back, it would
 * replace the real secret with the mask.
 */
const SECRET_MASK = /obfuscated_\w/i;

/** Paths of every string value that holds the service's mask of a secret, anywhere in `value`. */
export function findObfuscated(value: unknown): PathSegment[][] {
  const out: PathSegment[][] = [];
  walk(value, [], (v, path) => {
    if (typeof v === 'string' && SECRET_MASK.test(v)) out.push(path);
  });
  return out;
}

export function malformedProblem(path: readonly PathSegment[]): BodyProblem {
  return {
    code: 'malformed-env',
    message:
      `\`${formatFieldPath(path)}\` holds \`\${env:\` that is not a complete placeholder. Write \`\${env:NAME}\` with a variable name of letters, digits and underscores ` +
      '(not starting with a digit).',
    path,
    pointer: encodeJsonPointer(path),
  };
}

/** The problem of variable `name`, used at `path`, in the state the environment gives it. */
export function envProblem(name: string, state: Exclude<EnvState, 'set'>, path: readonly PathSegment[]): BodyProblem {
  if (state === 'unavailable') {
    return {
      code: 'no-environment',
      message:
        `\`${formatFieldPath(path)}\` uses \${env:${name}}, and an editor in a browser has no environment variables. ` +
        'Send this document from VS Code on the desktop or with the scan-targets command line.',
      path,
      pointer: encodeJsonPointer(path),
      variable: name,
    };
  }
  const empty = state === 'empty';
  return {
    code: empty ? 'empty-env' : 'missing-env',
    message:
      `The environment variable ${name} used in \`${formatFieldPath(path)}\` (\${env:${name}}) is ${empty ? 'empty' : 'not set'}. ` +
      `Set ${name} in the environment ${empty ? 'to the value to send ' : ''}and run again; the value is read when the request is built and never written to the file.`,
    path,
    pointer: encodeJsonPointer(path),
    variable: name,
  };
}

export function obfuscatedProblems(settings: Readonly<Record<string, unknown>>): BodyProblem[] {
  return findObfuscated(settings).map((path) => ({
    code: 'obfuscated',
    message:
      `\`${formatFieldPath(path)}\` holds a masked secret (OBFUSCATED_…) as the service shows it. ` +
      'Sending it back would replace the real secret with the mask. Put the real value there (for example `${env:NAME}`), or remove the field.',
    path,
    pointer: encodeJsonPointer(path),
  }));
}
