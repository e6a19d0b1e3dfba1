// Entry of dist/repository.js: reading a repository on this machine's disk for Apply (the
// target-settings files of a folder, their texts, and git's view of a revision). A bundle of its
// own, loaded on first use (src/editor/repository.ts), so activation does not pay for it.
export { gather } from './repo/gather';
export { readTextFile } from './repo/textFile';
export { branchesOf, mergeBaseOf, workTreeOf } from './repo/git';
