// Every diagnostic code the validation engine produces, with its default severity and a one-line
// description. The README's table and the `scanTargets.validation.severity` setting are generated
// from / checked against this list, so a new code must be added here first.

import type { Severity } from '../diagnostic';

export interface DiagnosticCodeInfo {
  readonly defaultSeverity: Severity;
  /** One line for people, shown in the README table. */
  readonly description: string;
}

export const DIAGNOSTIC_CODES = {
  'yaml-syntax': {
    defaultSeverity: 'error',
    description: 'The YAML cannot be read (a missing quote, a bad indentation, a stray character). The schema checks of that document wait until it parses.',
  },
  'yaml-warning': {
    defaultSeverity: 'warning',
    description: 'The YAML parser has a remark (for example an unknown tag) that does not stop it reading the document.',
  },
  'duplicate-key': {
    defaultSeverity: 'error',
    description: 'The same key appears twice in one mapping; only the last value would be sent.',
  },
  'yaml-tab-indent': {
    defaultSeverity: 'error',
    description: 'A line is indented with a tab; YAML only allows spaces for indentation.',
  },
  'yaml-alias': {
    defaultSeverity: 'warning',
    description: 'An alias (`*name`) repeats an anchored value; the expanded value is what is sent.',
  },
  'yaml-alias-limit': {
    defaultSeverity: 'error',
    description: 'Aliases expand to too many values (a "billion laughs" document); the document is not validated.',
  },
  'empty-document': {
    defaultSeverity: 'warning',
    description: 'A document (or the whole file) has no content; it would send nothing.',
  },
  'not-a-mapping': {
    defaultSeverity: 'error',
    description: 'A document is a list or a single value instead of a mapping with `ids` and `site`.',
  },
  'env-not-set': {
    defaultSeverity: 'warning',
    description:
      'A `${env:NAME}` placeholder names an environment variable that is not set (or is empty) where the editor or the command line runs; a bulk update would refuse to send until it is.',
  },
  'missing-property': {
    defaultSeverity: 'error',
    description: 'A required field is missing.',
  },
  'conditional-required': {
    defaultSeverity: 'error',
    description: 'A field is missing that another setting makes required (for example `basic_auth` when `has_basic_auth` is true).',
  },
  'unknown-property': {
    defaultSeverity: 'warning',
    description: 'A field the service does not know, often a typo; a close known name is suggested.',
  },
  'invalid-type': {
    defaultSeverity: 'error',
    description: 'A value has the wrong type (a number where a string is expected, a list where a mapping is expected, ...).',
  },
  'invalid-enum': {
    defaultSeverity: 'error',
    description: 'A value is not one of the allowed values.',
  },
  'too-long': {
    defaultSeverity: 'error',
    description: 'A string has more characters, or a list more items, than the limit.',
  },
  'too-short': {
    defaultSeverity: 'error',
    description: 'A string has fewer characters, or a list fewer items, than the minimum.',
  },
  'out-of-range': {
    defaultSeverity: 'error',
    description: 'A number is below the minimum or above the maximum.',
  },
  'invalid-pattern': {
    defaultSeverity: 'error',
    description: 'A string has characters or a form the field does not allow.',
  },
  'invalid-format': {
    defaultSeverity: 'error',
    description: 'A string is not in the required format (for example an absolute URL).',
  },
  'invalid-time': {
    defaultSeverity: 'error',
    description: 'A blackout period time is not a time of day written as HH:MM (00:00 to 23:59).',
  },
  'invalid-value': {
    defaultSeverity: 'error',
    description: 'A value breaks another rule of the schema.',
  },
  'duplicate-item': {
    defaultSeverity: 'error',
    description: 'A list that must hold distinct values repeats one.',
  },
  'empty-ids': {
    defaultSeverity: 'error',
    description: '`ids` is empty: a bulk update needs at least one target id.',
  },
  'empty-id': {
    defaultSeverity: 'error',
    description: 'An entry of `ids` is empty.',
  },
  'duplicate-id': {
    defaultSeverity: 'warning',
    description: 'A target id is listed more than once in the same document.',
  },
  'whitelist-absolute-url': {
    defaultSeverity: 'error',
    description: 'A `site.whitelist` entry is an absolute URL; the whitelist accepts only relative paths.',
  },
  'blacklist-relative-url': {
    defaultSeverity: 'error',
    description: 'A `site.blacklist` entry is not an absolute URL; the blacklist accepts only absolute URLs (wildcards `*` allowed).',
  },
  'too-many-problems': {
    defaultSeverity: 'information',
    description:
      'The file has more problems than `scanTargets.validation.maxProblems`; the editor shows that many (errors first) and says how many it left out. The command line and the bulk update check all of them.',
  },
  'file-too-large': {
    defaultSeverity: 'warning',
    description:
      'The file is larger than `scanTargets.validation.maxFileSizeMB`, so the editor does not validate or assist it as you type; `scan-targets validate` checks it whole.',
  },
  'blacklist-covers-whitelist': {
    defaultSeverity: 'information',
    description: 'A `site.whitelist` path is also matched by a `site.blacklist` entry; the blacklist takes precedence, so the path is not scanned.',
  },
} as const satisfies Record<string, DiagnosticCodeInfo>;

/** A code of {@link DIAGNOSTIC_CODES}. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;
