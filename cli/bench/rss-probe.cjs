// Preloaded with `node -r` into the process measured: prints its peak RSS and the CPU time it
// used (every thread, start-up included) as it exits.
const { writeSync } = require('node:fs');

process.on('exit', () => {
  const usage = process.resourceUsage();
  writeSync(2, `\nPEAK_RSS_KB=${usage.maxRSS} CPU_US=${usage.userCPUTime + usage.systemCPUTime}\n`);
});
