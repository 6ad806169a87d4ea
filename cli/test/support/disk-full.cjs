// Preloaded (NODE_OPTIONS=--require) into the built binary by tests: the file named by
// MATCHMAKER_TEST_DISK_FULL_PATH fills up after MATCHMAKER_TEST_DISK_FULL_BYTES bytes, and every
// later write to it fails with ENOSPC, as on a full disk.
const fs = require('node:fs');
const { syncBuiltinESMExports } = require('node:module');

const path = process.env.MATCHMAKER_TEST_DISK_FULL_PATH;
const limit = Number(process.env.MATCHMAKER_TEST_DISK_FULL_BYTES ?? 0);
const watched = new Set();
let written = 0;

const openSync = fs.openSync;
fs.openSync = function (file, ...rest) {
  const fd = openSync.call(this, file, ...rest);
  if (String(file) === path) watched.add(fd);
  return fd;
};
const writeSync = fs.writeSync;
fs.writeSync = function (fd, buffer, ...rest) {
  if (watched.has(fd)) {
    const size = typeof buffer === 'string' ? Buffer.byteLength(buffer) : buffer.byteLength;
    if (written + size > limit) {
      const error = new Error('ENOSPC: no space left on device, write');
      Object.assign(error, { code: 'ENOSPC', errno: -28, syscall: 'write' });
      throw error;
    }
    written += size;
  }
  return writeSync.call(this, fd, buffer, ...rest);
};
syncBuiltinESMExports();
