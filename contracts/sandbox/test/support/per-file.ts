/**
 * Each test file's clean-up (vitest's `setupFiles`, which run for every file even without
 * isolation, unlike a hook registered by a shared module that is evaluated once per worker).
 */
import { afterAll } from 'vitest';
import { closeSandboxes } from './sandbox';
import { removeScratchDirs } from './scratch';

afterAll(async () => {
  // The sandboxes first: a closing sandbox may still write its state file.
  await closeSandboxes();
  removeScratchDirs();
});
