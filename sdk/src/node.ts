/** @matchmaker/sdk/node: pieces that need Node's file system. */
export { FileTokenStore, type FileTokenStoreOptions } from './session/file-store';
