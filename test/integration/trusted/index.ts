// Entry point VS Code loads as `extensionTestsPath` for the suite run in a trusted workspace.
import { runSuite } from '../runSuite';

export function run(): Promise<void> {
  return runSuite(__dirname);
}
