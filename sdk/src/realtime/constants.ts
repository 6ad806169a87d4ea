/** Constants of the socket.io channels (SPEC.md sections 6 and 9). */
export const REALTIME_CONNECTION_TIMEOUT_MS = 20_000;
export const REALTIME_RECONNECT_DELAY_MIN_MS = 1_000;
export const REALTIME_RECONNECT_DELAY_MAX_MS = 5_000;
