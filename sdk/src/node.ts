/** @matchmaker/sdk/node: pieces that need Node's file system. */
export { FileTokenStore } from './session/file-store';
