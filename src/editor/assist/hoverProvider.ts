// Hover in target-settings files: a thin adapter over core/assist/hover.
import * as vscode from 'vscode';
import type { EnvCheck } from '../../core/assist';
import type { AssistEngine } from './engine';
import { offsetRange } from '../convert';
import { toMarkdown } from './convert';

/** Whether a variable is set in the extension host's environment. Never returns its value. */
export const processEnvCheck: EnvCheck = (name) => {
  const value = process.env[name];
  if (value === undefined) return false;
  return value === '' ? 'empty' : true;
};

const PLACEHOLDER = /\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Set or not, for each `${env:NAME}` of a line (names only; values never leave this function). */
export function envStates(lineText: string): Record<string, boolean | 'empty'> {
  const out: Record<string, boolean | 'empty'> = {};
  for (const m of lineText.matchAll(PLACEHOLDER)) out[m[1]] = processEnvCheck(m[1]);
  return out;
}

export class AssistHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly isTargetSettingsFile: (document: vscode.TextDocument) => boolean,
    private readonly engine: AssistEngine,
  ) {}

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    if (!this.isTargetSettingsFile(document)) return undefined;
    const version = document.version;
    const result = await this.engine.hover(document, document.offsetAt(position), envStates(document.lineAt(position.line).text));
    if (token.isCancellationRequested || document.version !== version || result == null) return undefined;
    return new vscode.Hover(toMarkdown(result.markdown), offsetRange(document, result.range));
  }
}
