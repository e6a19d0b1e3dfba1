// Entry point of the `scan-targets` command line.
console.log('scan-targets: not implemented yet');
