// `--format sarif`: SARIF 2.1.0, as GitHub code scanning reads it (upload-sarif). One run, the
// tool with its version and one rule per code (help text, default level), one result per printed
// diagnostic with a region in 1-based lines and columns, file paths relative to the working
// directory under %SRCROOT%. A file `--max-problems` cut short and a file that could not be read
// are notifications of the run's invocation, so nothing is dropped silently.
import * as path from 'path';
import { version } from '../../../package.json';
import type { CoreDiagnostic, Severity } from '../../core/diagnostic';
import { NOT_ENTITLED_CODE } from '../../core/entitlements/diagnostics';
import { DIAGNOSTIC_CODES, type DiagnosticCodeInfo } from '../../core/validation/codes';
import { omittedNote } from './limit';
import type { ShownReport } from './model';

const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/** The codes `validate` can report: the validator's, and the entitlement warnings of `--entitlements`. */
const RULES: ReadonlyArray<[string, DiagnosticCodeInfo]> = [
  ...(Object.entries(DIAGNOSTIC_CODES) as Array<[string, DiagnosticCodeInfo]>),
  [
    NOT_ENTITLED_CODE,
    { defaultSeverity: 'warning', description: 'The file asks for something the entitlements record given with --entitlements does not allow.' },
  ],
];

type Level = 'error' | 'warning' | 'note';

function level(severity: Severity): Level {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'note';
}

/** `too-long` -> `TooLong`: SARIF's rule name is a readable identifier. */
function ruleName(code: string): string {
  return code.replace(/(^|-)([a-z])/g, (_m, _dash: string, c: string) => c.toUpperCase());
}

function rule(code: string, info: DiagnosticCodeInfo) {
  const page = `docs/codes/${code}.md`;
  return {
    id: code,
    name: ruleName(code),
    shortDescription: { text: info.description.replace(/(?<=\.)\s.*$/s, '') },
    fullDescription: { text: info.description },
    help: {
      text: `${info.description} What it means, an example and how to fix it: ${page} in the Scan Target Settings extension.`,
      markdown: `${info.description}\n\nWhat it means, an example and how to fix it: \`${page}\` in the Scan Target Settings extension.`,
    },
    defaultConfiguration: { level: level(info.defaultSeverity) },
  };
}

/** A path as SARIF's artifact uri: relative to the working directory when inside it, forward slashes. */
function artifactUri(file: string): { uri: string; uriBaseId?: string } {
  const relative = path.relative(process.cwd(), path.resolve(file));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return { uri: new URL(`file://${path.resolve(file).split(path.sep).join('/')}`).href };
  return { uri: relative.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}

function result(file: string, d: CoreDiagnostic, ruleIndex: Map<string, number>) {
  return {
    ruleId: d.code,
    ...(ruleIndex.has(d.code) ? { ruleIndex: ruleIndex.get(d.code) } : {}),
    level: level(d.severity),
    message: { text: d.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: artifactUri(file),
          region: {
            startLine: d.range.start.line + 1,
            startColumn: d.range.start.character + 1,
            endLine: d.range.end.line + 1,
            endColumn: d.range.end.character + 1,
          },
        },
      },
    ],
  };
}

export function formatSarif(reports: readonly ShownReport[]): string {
  const ruleIndex = new Map(RULES.map(([code], i) => [code, i]));
  const notifications = reports.flatMap((r) => {
    const where = [{ physicalLocation: { artifactLocation: artifactUri(r.file) } }];
    if (r.error !== undefined) return [{ level: 'error', message: { text: r.error }, locations: where }];
    if (r.omitted > 0) return [{ level: 'note', message: { text: omittedNote(r.omitted) }, locations: where }];
    return [];
  });
  const sarif = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'scan-targets',
            fullName: 'Scan Target Settings (scan-targets validate)',
            version,
            semanticVersion: version,
            rules: RULES.map(([code, info]) => rule(code, info)),
          },
        },
        invocations: [{ executionSuccessful: reports.every((r) => r.error === undefined), toolExecutionNotifications: notifications }],
        results: reports.flatMap((r) => r.shown.map((d) => result(r.file, d, ruleIndex))),
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
