// `scan-targets plan [PATH...] [--changed-since REF] [--format text|json|markdown] [--files GLOB]...`
// What an apply would send, over files and folders, unit by unit (each YAML document of each
// target-settings file), and whether anything would stop it. Sends nothing and needs no token.
import { DEFAULT_CHUNK_SIZE, MAX_CHUNK_SIZE } from '../../core/bulk/plan';
import { parseCommandArgs } from '../args';
import type { Command } from '../command';
import type { CliContext } from '../context';
import { EXIT_ERRORS, EXIT_OK } from '../exit';
import { planJson, planMarkdown, planText } from '../../core/plan/format';
import { PLAN_OPTIONS, planOfFlags } from '../plan/flags';
import { appendStepSummary, reportProblems } from '../plan/report';
import { DEFAULT_GLOBS } from '../../repo/targets';

const HELP = `Usage: scan-targets plan [PATH...] [--changed-since REF] [--format text|json|markdown]
                         [--files GLOB]... [--chunk-size N]

Shows what "scan-targets apply" would send, and checks it, without sending anything (no token
needed). Each YAML document of each target-settings file is one unit: its ids, and its settings
beside them. PATH is a file or a folder (default: the current folder); folders are searched for
the files the editor's globs match (${DEFAULT_GLOBS.join(', ')}), leaving out what git ignores.

Every unit to send is checked as bulk-update checks a document: validation errors, an
\${env:NAME} variable that is not set or empty (asked only whether it is set; never printed), an
OBFUSCATED_ value. One problem anywhere means nothing would be sent, and every problem is listed.

Options:
  --changed-since REF  Send only what changed since the git revision REF (a branch, tag or
                       commit), the work tree with its uncommitted changes compared with it:
                         a new file: all its documents, all their ids;
                         a document whose settings (anything but ids) changed: all its ids;
                         same settings, new ids: only the new ids;
                         unchanged: nothing.
                       Removed ids, documents and files are listed and not sent (a bulk update
                       cannot take settings back). Documents are matched by position; when unsure
                       (a renamed file, a file unreadable at REF, a document inserted before
                       others) the document is sent whole. An all-zero REF (the commit before a
                       new branch's first push, as CI systems give it) compares with nothing.
  --format FORMAT      text (default), markdown (a pull request summary: a table per file, id
                       lists collapsed) or json (for scripts; see the README).
  --files GLOB         Which files in folders are target-settings files (repeatable; default the
                       editor's scanTargets.files).
  --chunk-size N       Ids per request, 1 to ${MAX_CHUNK_SIZE} (default ${DEFAULT_CHUNK_SIZE}): the request count.

When GITHUB_STEP_SUMMARY is set (GitHub Actions), the Markdown summary is appended to it as well.
Documents are numbered from 1, lines and columns too.

Exit codes:
  0  every unit could be sent (or there is nothing to send)
  1  a problem would stop the run (each listed with its file and line)
  2  usage: a bad flag, a path that does not exist, REF that names no revision, not in a git work
     tree with --changed-since

Examples:
  scan-targets plan
  scan-targets plan targets/ --changed-since origin/main --format markdown
`;

async function run(args: readonly string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { ...PLAN_OPTIONS, help: { type: 'boolean', short: 'h' } }, true);
  if (values.help) {
    ctx.out(HELP);
    return EXIT_OK;
  }
  const { format, report } = await planOfFlags(values, positionals, ctx);
  ctx.out(format === 'json' ? planJson(report) : format === 'markdown' ? planMarkdown(report) : planText(report));
  if (format === 'text') reportProblems(report, ctx);
  await appendStepSummary(report, ctx);
  return report.problems.length > 0 ? EXIT_ERRORS : EXIT_OK;
}

export const planCommand: Command = { name: 'plan', help: HELP, run };
