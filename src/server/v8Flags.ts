// The V8 flags of the language server's Node process, set before its bundle is compiled: by the
// entry the extension starts (src/load/server.ts) and by `scan-targets lsp` before it loads the
// server (cli/commands/index.ts). Set only once the bundle runs (nodeHost.ts sets them too, for a
// process started otherwise), they would change V8's flag hash after the compile, and V8 would
// refuse at every start the compiled code kept at the last (src/load/codeCache.ts). No import: the
// command line's dispatch bundle and the extension's server entry carry this file.

const SERVER_V8_FLAGS = [
  // Between two full collections the heap may grow by a fifth of what the last one kept (V8 lets it
  // grow by up to four times as much): a keystroke allocates little that it keeps and much that
  // outlives a young-generation collection or two (what one version of a file holds until the
  // next), and with a 100,000-id file open the garbage of 160 keystrokes held 40 MB before a full
  // collection came. Collecting sooner costs no keystroke measurably. It costs the first read of a
  // file of many documents, which allocates mostly what it keeps: a tenth longer for 1,000
  // documents, a fifth for 10,000 or 100,000 (1.3 -> 1.5 s, 7.2 -> 8.4 s). (Switched off around
  // such a read, it saved nothing: the limit V8 set at the end of the read then held for the edits
  // that followed.)
  '--heap-growing-percent=20',
  // V8's `gc()`, for the compacting collection the server makes when the user pauses (nodeHost.ts).
  '--expose-gc',
];

/**
 * Sets the server's V8 flags in this process with `setFlagsFromString` (Node's, from the caller:
 * this file is no Node host's); where they are set already, nothing changes, nor V8's flag hash.
 */
export function setServerV8Flags(setFlagsFromString: (flag: string) => void): void {
  for (const flag of SERVER_V8_FLAGS) setFlagsFromString(flag);
}
