// Preloaded into a child process (node --require) by the constant-memory test and the large-media
// bench: prints the process's peak resident set size when it exits, as the kernel counted it.
process.on('exit', () => {
  process.stderr.write(`PEAK_RSS_KB=${process.resourceUsage().maxRSS}\n`);
});
