// Entry point for the suite run on purpose in Restricted Mode (an untrusted workspace).
import { runSuite } from '../runSuite';

export function run(): Promise<void> {
  return runSuite(__dirname);
}
