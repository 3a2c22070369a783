// Preloaded into a child process (node --require) by the constant-memory test and the large-media
// bench: prints the process's peak resident set size when it exits, as the kernel counted it.
//
// VmHWM, not process.resourceUsage().maxRSS: on Linux a child's ru_maxrss starts at its parent's
// RSS at the fork (exec keeps the forked copy's high-water mark), so a child of a 700 MB bench
// process reported 700 MB whatever it did. VmHWM belongs to the memory the child execs into.

function peakRssKb() {
  try {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(process.getBuiltinModule('node:fs').readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // Not Linux: ru_maxrss, which elsewhere is not inherited through fork and exec the same way.
  }
  return process.resourceUsage().maxRSS;
}

process.on('exit', () => {
  process.stderr.write(`PEAK_RSS_KB=${peakRssKb()}\n`);
});
