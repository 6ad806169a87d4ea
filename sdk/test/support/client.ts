import {
  type CallHooks,
  type ClientOptions,
  createClient,
  type MatchmakerClient,
  type RetryInfo,
} from '../../src/index';
import { MemoryTokenStore, type TokenStore } from '../../src/session/token-store';

export const TOKENS = { accessToken: 'access-1', refreshToken: 'refresh-1' } as const;

/** A client on `baseURL`, logged in with TOKENS unless `tokens: null`. Cross-tab locks off. */
export function testClient(
  baseURL: string,
  options: {
    tokens?: { accessToken: string; refreshToken: string } | null;
    store?: TokenStore;
    /** 0 leaves no per-attempt timer, so fake-timer tests see only the SDK's own waits. */
    timeoutMs?: number;
    onRetry?: (info: RetryInfo) => void;
    hooks?: CallHooks;
    retry?: ClientOptions['retry'];
    refreshNetworkFailure?: 'logout' | 'keep-session';
  } = {},
): MatchmakerClient {
  const tokens = options.tokens === undefined ? TOKENS : options.tokens;
  return createClient({
    baseURL,
    tokenStore: options.store ?? new MemoryTokenStore(tokens ? { ...tokens } : null),
    locks: null,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.onRetry || options.hooks ? { hooks: { onRetry: options.onRetry, ...options.hooks } } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.refreshNetworkFailure ? { refreshNetworkFailure: options.refreshNetworkFailure } : {}),
  });
}

/** Lets pending I/O (a real local server) run while fake timers hold the clock still. */
export async function flushIO(until: () => boolean, maxTurns = 20_000): Promise<void> {
  for (let turn = 0; turn < maxTurns && !until(); turn++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** A user answer of about 2 KB with every profile field filled, each with a value the contract knows. */
export function sampleUser(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    keycloakId: 'kc-123',
    roles: ['General'],
    is_deleted: false,
    username: 'amina_k',
    first_name: 'Amina',
    last_name: 'Khan',
    email: 'amina@example.com',
    height: 168,
    sex: 'female',
    date_of_birth: '1994-03-12',
    state: 'Lagos',
    country: 'NG',
    city: 'Lagos',
    religion: 'muslim',
    ethnicity: 'Yoruba',
    marital_type: 'never_married',
    body_type: 'average',
    church_denomination: '',
    about: 'I value family, faith and honesty. '.repeat(20),
    current_status: 'employed',
    drinking_status: 'never',
    smoking_status: 'never',
    education_level: 'masters',
    has_children: false,
    want_children: 'yes',
    open_for_relocation: true,
    occupation: 'Pharmacist',
    ...overrides,
  };
}

/** A registration every request rule accepts, with a referrer. */
export const SAMPLE_REGISTRATION = {
  first_name: 'Amina',
  last_name: 'Khan',
  username: 'amina_k',
  date_of_birth: '1994-03-12',
  sex: 'female',
  email: 'amina@example.com',
  password: 's3cret-Pass',
  agreed_to_terms: true,
  referrer: 'yusuf_a',
};
