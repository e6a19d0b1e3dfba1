// `scan-targets validate [--format text|json|github|sarif] [--entitlements FILE] [--max-problems N] FILE...`
import type { EntitlementsRecord } from '../../core/entitlements';
import { parseChoice, parseCommandArgs, parseMaxProblems } from '../args';
import { checkText } from '../check';
import type { Command } from '../command';
import type { CliContext } from '../context';
import { EXIT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError } from '../exit';
import { readTextFile } from '../../repo/textFile';
import { distinctFiles } from '../files';
import { formatGithub } from '../format/github';
import { formatJson } from '../format/json';
import { formatSarif } from '../format/sarif';
import { DEFAULT_MAX_PROBLEMS, MAX_PROBLEMS_OPTION } from '../format/limit';
import { showReports, summarize, type FileReport } from '../format/model';
import { formatText } from '../format/text';
import { palette } from '../terminal';
import { envCheckOf } from '../../core/envPlaceholders';

const FORMATS = ['text', 'json', 'github', 'sarif'] as const;

const HELP = `Usage: scan-targets validate [--format text|json|github|sarif] [--entitlements FILE] [--max-problems N] FILE...

Checks target-settings YAML files exactly as the VS Code extension does (same checks, same
messages, same codes), for CI pipelines.

Options:
  --format text|json|github|sarif  Output format (default: text).
      text    path:line:col: severity code message  (line and col are 1-based), then a summary.
      json    {"files":[{"file","diagnostics":[{"severity","code","message","document",
              "documentIndex","path","range":{"start":{"line","character"},"end":{...}}}],
              "omitted"}], "summary":{"files","errors","warnings"}}
              "document" numbers the YAML document from 1, as people read it; for machines,
              "documentIndex" and the range's lines and characters are 0-based (as in LSP).
              "path" is the JSON pointer of the node ("" for the document).
              "omitted" is the number of the file's diagnostics left out by --max-problems (0
              when none). A file that could not be read has "error" and no diagnostics.
      github  GitHub Actions annotations (::error / ::warning / ::notice file=...,line=...,col=...).
      sarif   SARIF 2.1.0 for GitHub code scanning (github/codeql-action/upload-sarif): one rule
              per code, one result per problem with 1-based regions, paths relative to the
              working directory.
  --entitlements FILE        Also warn (code not-entitled) where a file asks for something the
                             account does not have, using an entitlements record saved with
                             "scan-targets entitlements --format json > FILE".
  --max-problems N           Print at most N problems per file (default ${DEFAULT_MAX_PROBLEMS}; 0: no limit),
                             the most severe (errors first) in the file's order, then one line
                             (text), a ::notice (github) or "omitted" (json) with how many more.
                             The summary and the exit code always count every problem.
  -h, --help                 Show this help.

Exit codes:
  0  no errors (warnings allowed)
  1  at least one error in a file
  2  usage or I/O error: a bad flag, a file that is missing, unreadable, a directory or not text
     (reported on stderr with its path; the other files are still checked). 2 wins over 1.

Examples:
  scan-targets validate targets/*.target-settings.yaml
  scan-targets validate --format github --entitlements entitlements.json **/*.target-settings.yaml
`;

async function run(args: readonly string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      format: { type: 'string' },
      entitlements: { type: 'string' },
      ...MAX_PROBLEMS_OPTION,
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) {
    ctx.out(HELP);
    return EXIT_OK;
  }
  const format = parseChoice('--format', values.format, FORMATS, 'text');
  const maxProblems = parseMaxProblems(values['max-problems']) ?? DEFAULT_MAX_PROBLEMS;
  if (positionals.length === 0) throw new UsageError('no file given. Pass one or more target-settings YAML files.');

  let record: EntitlementsRecord | undefined;
  if (values.entitlements !== undefined) {
    // Required here, not imported: the record's check (its schema and validator) is a bundle of its
    // own in dist/cli/ (scripts/build.mjs), which a run without --entitlements never reads.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { loadEntitlementsFile } = require('../entitlementsFile.js') as typeof import('../entitlementsFile.js');
    record = await loadEntitlementsFile(values.entitlements);
  }

  const paint = palette(ctx.colorOut);
  const errPaint = palette(ctx.colorErr);
  const reports: FileReport[] = [];
  const files = await distinctFiles(positionals);
  for (const path of files.repeated) ctx.err(`note: ${path} is named more than once; it is checked once.\n`);
  for (const path of files.paths) {
    const read = await readTextFile(path);
    if (!read.ok) {
      ctx.err(`${errPaint.red('error')}: ${read.message}\n`);
      reports.push({ file: path, diagnostics: [], error: read.message });
      continue;
    }
    const { diagnostics, omitted } = checkText(
      read.text,
      envCheckOf((name) => ctx.env[name]),
      record,
      maxProblems,
    );
    reports.push({ file: path, diagnostics, unmade: omitted });
  }

  // The summary counts every problem; the formats print at most --max-problems of each file's.
  const summary = summarize(reports);
  const shown = showReports(reports, maxProblems);
  if (format === 'json') ctx.out(formatJson(shown, summary));
  else if (format === 'github') ctx.out(formatGithub(shown, summary));
  else if (format === 'sarif') ctx.out(formatSarif(shown));
  else ctx.out(formatText(shown, summary, ctx.colorOut ? paint : undefined));

  if (summary.unreadable > 0) return EXIT_USAGE;
  return summary.errors > 0 ? EXIT_ERRORS : EXIT_OK;
}

export const validateCommand: Command = {
  name: 'validate',
  help: HELP,
  run,
};
