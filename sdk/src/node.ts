/** @matchmaker/sdk/node: pieces that need Node's file system. */
export { FileLock, type FileLockOptions, type LockHold, type LockState } from './session/file-lock';
export { FileTokenStore, type FileTokenStoreOptions } from './session/file-store';
