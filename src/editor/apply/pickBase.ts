// The base an apply compares with, asked in a quick pick: the last commit (what is uncommitted),
// the point where this branch left another one (what the branch changed), any revision typed in,
// or none (every document is sent). Outside a git work tree only the last is offered.
import * as vscode from 'vscode';
import { repository } from '../repository';

export interface PickedBase {
  /** The git revision to compare with; undefined: no base, every document is sent. */
  readonly revision: string | undefined;
  /** How the plan names it. */
  readonly label: string;
}

interface BaseItem extends vscode.QuickPickItem {
  readonly pick?: () => PickedBase | string | undefined | Promise<PickedBase | string | undefined>;
}

const EVERYTHING: PickedBase = { revision: undefined, label: 'every document' };

/** The base, an error message when a pick cannot be used, or undefined when the pick was dismissed. */
export async function pickBase(folder: string): Promise<PickedBase | string | undefined> {
  const { branchesOf, mergeBaseOf, workTreeOf } = repository();
  const top = await workTreeOf(folder);
  const everything: BaseItem = {
    label: '$(files) Every document',
    description: top === undefined ? 'not a git work tree: nothing to compare with' : 'no base',
    detail: 'Sends every document of every target-settings file in the folder.',
    pick: () => EVERYTHING,
  };
  if (top === undefined) return choose([everything], 'Apply target settings: this folder is not in a git work tree');
  const branches = await branchesOf(top);
  const items: BaseItem[] = [
    {
      label: '$(git-commit) Uncommitted changes',
      description: 'since the last commit (HEAD)',
      detail: 'Sends what changed in the work tree since the last commit, saved or not.',
      pick: () => ({ revision: 'HEAD', label: 'HEAD' }),
    },
    ...(branches.length === 0 ? [] : [{ label: 'What this branch changed since it left', kind: vscode.QuickPickItemKind.Separator }]),
    ...branches.map((branch): BaseItem => ({
      label: `$(git-branch) ${branch}`,
      pick: async () => {
        const commit = await mergeBaseOf(top, branch);
        if (commit === undefined) return `This branch has no commit in common with ${branch}: choose another base.`;
        return { revision: commit, label: `where this branch left ${branch}` };
      },
    })),
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    {
      label: '$(edit) Another revision…',
      detail: 'A commit, tag or branch to compare the work tree with.',
      pick: async () => {
        const revision = await vscode.window.showInputBox({
          title: 'Apply target settings: compare with',
          prompt: 'A git revision (a commit, tag or branch): what changed in the work tree since it is sent.',
          placeHolder: 'HEAD~3, v1.2.0, origin/main',
          validateInput: (value) => (value.trim() === '' ? 'Type a revision, or press Escape.' : undefined),
        });
        return revision === undefined ? undefined : { revision: revision.trim(), label: revision.trim() };
      },
    },
    everything,
  ];
  return choose(items, 'Apply target settings: send what changed since…');
}

async function choose(items: readonly BaseItem[], title: string): Promise<PickedBase | string | undefined> {
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: 'The base to compare the target-settings files with' });
  return picked?.pick?.();
}
