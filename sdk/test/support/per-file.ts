/**
 * Each test file's clean-up (vitest's `setupFiles`, which run for every file even without
 * isolation, unlike a hook registered by a shared module that is evaluated once per worker).
 */
import { afterEach } from 'vitest';
import { disposeRealtimeClients } from '../realtime/support/clients';

afterEach(disposeRealtimeClients);
