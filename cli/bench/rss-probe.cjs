// Preloaded with `node -r` into the process measured: prints its peak RSS as it exits.
const { writeSync } = require('node:fs');

process.on('exit', () => {
  writeSync(2, `\nPEAK_RSS_KB=${process.resourceUsage().maxRSS}\n`);
});
