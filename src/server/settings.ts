// The server's settings: read with `workspace/configuration` (section `scanTargets`) when the client
// supports it, else taken from `workspace/didChangeConfiguration`. Defaults come from the
// extension's manifest, the one place they are declared.
import { contributes } from '../../package.json';
import type { ServerSettings } from './protocol';
import { isRecord } from '../core/records';

const declared = contributes.configuration.properties;

export const DEFAULT_SETTINGS: ServerSettings = {
  files: [...declared['scanTargets.files'].default],
  validation: {
    severity: {},
    maxProblems: declared['scanTargets.validation.maxProblems'].default,
    debounceMs: declared['scanTargets.validation.debounceMs'].default,
    maxFileSizeMB: declared['scanTargets.validation.maxFileSizeMB'].default,
  },
  entitlements: { checks: declared['scanTargets.entitlements.checks'].default },
  codeLens: { enabled: declared['scanTargets.codeLens.enabled'].default },
};

/** Settings as a client sends them (any shape; a nested object or dotted keys), checked field by field. */
export function readSettings(raw: unknown): ServerSettings {
  const section = isRecord(raw) ? raw : {};
  const get = (path: string): unknown => {
    if (path in section) return section[path];
    let value: unknown = section;
    for (const part of path.split('.')) value = isRecord(value) ? value[part] : undefined;
    return value;
  };
  const files = get('files');
  const severity = get('validation.severity');
  const maxProblems = get('validation.maxProblems');
  const debounceMs = get('validation.debounceMs');
  const maxFileSizeMB = get('validation.maxFileSizeMB');
  const checks = get('entitlements.checks');
  const lenses = get('codeLens.enabled');
  return {
    files: Array.isArray(files) && files.every((f) => typeof f === 'string') ? [...files] : DEFAULT_SETTINGS.files,
    validation: {
      severity: isRecord(severity) ? ({ ...severity } as ServerSettings['validation']['severity']) : {},
      maxProblems: typeof maxProblems === 'number' && maxProblems >= 1 ? Math.floor(maxProblems) : DEFAULT_SETTINGS.validation.maxProblems,
      debounceMs: typeof debounceMs === 'number' && debounceMs >= 0 ? debounceMs : DEFAULT_SETTINGS.validation.debounceMs,
      maxFileSizeMB: typeof maxFileSizeMB === 'number' && maxFileSizeMB > 0 ? maxFileSizeMB : DEFAULT_SETTINGS.validation.maxFileSizeMB,
    },
    entitlements: { checks: typeof checks === 'boolean' ? checks : DEFAULT_SETTINGS.entitlements.checks },
    codeLens: { enabled: typeof lenses === 'boolean' ? lenses : DEFAULT_SETTINGS.codeLens.enabled },
  };
}
