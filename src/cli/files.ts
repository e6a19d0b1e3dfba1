// The files a command is given: each once, whatever path names it (reading them: repo/textFile.ts).
import { promises as fs } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The paths with each file once (`a.yaml`, `./a.yaml` and a link to it are one file), in the order
 * first named, and those named again.
 */
export async function distinctFiles(paths: readonly string[]): Promise<{ readonly paths: string[]; readonly repeated: string[] }> {
  const seen = new Set<string>();
  const distinct: string[] = [];
  const repeated: string[] = [];
  for (const path of paths) {
    // A path that cannot be resolved (a missing file) is told apart by its absolute path; reading it reports why.
    const key = await fs.realpath(path).catch(() => resolve(path));
    if (seen.has(key)) {
      repeated.push(path);
    } else {
      seen.add(key);
      distinct.push(path);
    }
  }
  return { paths: distinct, repeated };
}
