/**
 * Resolves and stores the member's location (SPEC.md sections 2, 4 and 8): browser geolocation
 * first, an IP-based lookup as the fallback, then the location update and the device
 * registration. Browser APIs and fetch are injected so the flow runs (and is tested) in Node.
 */
import { GEOLOCATION_HIGH_ACCURACY, GEOLOCATION_TIMEOUT_MS } from '../constants';
import type { CallOptions } from '../endpoints/define';
import { HttpError, isMatchmakerError, NetworkError, TimeoutError } from '../errors';
import type { LocationUpdate } from '../schemas/accounts';
import { ipLocationSchema } from '../schemas/location';
import type { AccountsService } from '../services/accounts';
import type { DevicesService } from '../services/devices';
import type { LocationsService } from '../services/locations';
import { parseJsonBody } from '../transport/body';
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../transport/constants';
import { parseOrThrow } from '../transport/validate';
import { throwIfAborted, toAborted } from './abort';

/** ipapi.co's JSON endpoint; any service answering the same shape can replace it. */
export const DEFAULT_IP_LOOKUP_URL = 'https://ipapi.co/json/';
/** The id errors of the IP lookup carry, in the place of an endpoint id. */
export const IP_LOOKUP_ID = 'ipLookup';

/** The options the flow passes to getCurrentPosition (SPEC.md section 9: 10 s, high accuracy). */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  timeout: GEOLOCATION_TIMEOUT_MS,
  enableHighAccuracy: GEOLOCATION_HIGH_ACCURACY,
  maximumAge: 0,
};

/** GeolocationPositionError codes, as numbers so fakes and real errors compare alike. */
const PERMISSION_DENIED = 1;

/** The part of the browser's `Geolocation` the flow uses; `navigator.geolocation` fits. */
export interface GeolocationLike {
  getCurrentPosition(
    success: (position: {
      readonly coords: { readonly latitude: number; readonly longitude: number };
    }) => void,
    error?: ((error: { readonly code: number; readonly message?: string }) => void) | null,
    options?: PositionOptions,
  ): void;
}

/** The part of a client the location flow uses; a whole client fits. */
export interface LocationClient {
  accounts: Pick<AccountsService, 'updateLocation'>;
  locations: Pick<LocationsService, 'search'>;
  devices: Pick<DevicesService, 'register'>;
}

/** The steps whose failure is reported rather than thrown. */
export type LocationStep = 'search' | 'ip-lookup' | 'update-location' | 'register-device';

export interface LocationEnv {
  /** Defaults to globalThis.navigator.geolocation; `null` means there is no geolocation API. */
  geolocation?: GeolocationLike | null;
  /** A GET answering ipapi.co's `/json/` shape; defaults to DEFAULT_IP_LOOKUP_URL. */
  ipLookupUrl?: string;
  /** Used for the IP lookup only; defaults to globalThis.fetch. */
  fetch?: typeof fetch;
  /** Time limit of the IP lookup; defaults to the SDK's request time limit. */
  ipLookupTimeoutMs?: number;
  /** Receives failed steps, which never fail the flow; defaults to console.error. */
  onError?: (error: unknown, step: LocationStep) => void;
  signal?: AbortSignal;
}

export type LocationStatus = 'accepted' | 'denied';
export type LocationSource = 'geolocation' | 'ip' | 'none';

export interface LocationResult {
  /** 'denied' when the user refused geolocation or no usable location was found. */
  status: LocationStatus;
  /** Where `location` came from; 'none' when there is none. */
  source: LocationSource;
  location?: LocationUpdate;
}

type PositionOutcome =
  | { kind: 'position'; latitude: number; longitude: number }
  | { kind: 'denied' }
  | { kind: 'unavailable' };

/**
 * Resolves the location and stores it. Outcomes:
 * - geolocation granted and the coordinates name a place: update + device, 'accepted'/'geolocation';
 * - geolocation denied: status 'denied', yet the IP lookup still runs and is stored when usable;
 * - geolocation unavailable, timed out, missing, or the search failed: the IP lookup, with the
 *   status still 'accepted';
 * - the search answered but named no place (unknown location data): status 'denied', and the
 *   IP lookup is still stored when usable;
 * - no usable location at all: 'denied'/'none', nothing stored.
 * Failures of the update and the device registration are reported, not thrown: the location is
 * known, so the status stands. Only an abort rejects.
 */
export async function resolveLocation(
  client: LocationClient,
  env: LocationEnv = {},
): Promise<LocationResult> {
  const { signal } = env;
  const options: CallOptions = signal ? { signal } : {};
  const report = env.onError ?? ((error: unknown) => console.error(error));
  const attempt = async <T>(step: LocationStep, run: () => Promise<T>): Promise<T | null> => {
    try {
      return await run();
    } catch (error) {
      if (signal?.aborted) throw toAborted(error, 'Location resolution');
      report(error, step);
      return null;
    }
  };
  throwIfAborted(signal, 'Location resolution');

  let status: LocationStatus = 'accepted';
  const outcome = await currentPosition(geolocationOf(env), signal);
  if (outcome.kind === 'position') {
    const { latitude, longitude } = outcome;
    const place = await attempt('search', () => client.locations.search({ longitude, latitude }, options));
    const location = place && usable({ ...place, longitude, latitude });
    if (location) {
      await store(client, location, options, attempt);
      return { status, source: 'geolocation', location };
    }
    // SPEC section 8: location data the service does not know makes the status denied. A failed
    // search is an outage, not unknown data, so it keeps the status.
    if (place) status = 'denied';
  } else if (outcome.kind === 'denied') {
    status = 'denied';
  }

  const ip = await attempt('ip-lookup', () => lookupIp(env));
  const location = ip && usable({ ...ip, country: ip.country_name });
  if (!location) return { status: 'denied', source: 'none' };
  await store(client, location, options, attempt);
  return { status, source: 'ip', location };
}

/** The location update, then the device registration; each failure is reported on its own. */
async function store(
  client: LocationClient,
  location: LocationUpdate,
  options: CallOptions,
  attempt: <T>(step: LocationStep, run: () => Promise<T>) => Promise<T | null>,
): Promise<void> {
  await attempt('update-location', () => client.accounts.updateLocation(location, options));
  await attempt('register-device', () =>
    client.devices.register(
      { location: `${location.city}, ${location.country}`, type: 'BROWSER', active: true },
      options,
    ),
  );
}

interface RawPlace {
  city?: string | null | undefined;
  country?: string | null | undefined;
  country_code?: string | null | undefined;
  longitude?: number | null | undefined;
  latitude?: number | null | undefined;
}

/** A location with every field known (non-blank names, finite coordinates), or null. */
function usable(place: RawPlace): LocationUpdate | null {
  const city = place.city?.trim();
  const country = place.country?.trim();
  const countryCode = place.country_code?.trim();
  const { longitude, latitude } = place;
  if (!city || !country || !countryCode) return null;
  if (typeof longitude !== 'number' || !Number.isFinite(longitude)) return null;
  if (typeof latitude !== 'number' || !Number.isFinite(latitude)) return null;
  return { city, country, country_code: countryCode, longitude, latitude };
}

function geolocationOf(env: LocationEnv): GeolocationLike | null {
  if (env.geolocation !== undefined) return env.geolocation;
  const nav = (globalThis as { navigator?: { geolocation?: GeolocationLike } }).navigator;
  return nav?.geolocation ?? null;
}

/**
 * One getCurrentPosition. There is no way to cancel it, so an abort only stops waiting. No
 * timer of our own: the browser's `timeout` starts after the permission prompt, and a timer here
 * would cut short a user still reading it.
 */
function currentPosition(
  geolocation: GeolocationLike | null,
  signal?: AbortSignal,
): Promise<PositionOutcome> {
  if (!geolocation) return Promise.resolve({ kind: 'unavailable' });
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(toAborted(signal?.reason, 'Location resolution'));
    const settle = (outcome: PositionOutcome) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      geolocation.getCurrentPosition(
        ({ coords }) => settle({ kind: 'position', latitude: coords.latitude, longitude: coords.longitude }),
        (error) => settle(error.code === PERMISSION_DENIED ? { kind: 'denied' } : { kind: 'unavailable' }),
        GEOLOCATION_OPTIONS,
      );
    } catch {
      // Some embedded browsers throw instead of calling back; that is a missing API to us.
      settle({ kind: 'unavailable' });
    }
  });
}

/**
 * The third-party IP lookup: a plain GET with no bearer token, no cookies and no custom headers
 * (only the CORS-safelisted Accept), so the browser sends no preflight.
 */
async function lookupIp(env: LocationEnv) {
  const doFetch = env.fetch ?? globalThis.fetch;
  const url = env.ipLookupUrl ?? DEFAULT_IP_LOOKUP_URL;
  const timeoutMs = env.ipLookupTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = env.signal ? AbortSignal.any([env.signal, timeout.signal]) : timeout.signal;
  try {
    const response = await doFetch(url, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      signal,
    });
    const text = await response.text();
    const data = parseJsonBody(text);
    if (!response.ok) throw new HttpError(response.status, data, { endpoint: IP_LOOKUP_ID });
    return parseOrThrow(ipLocationSchema, data, IP_LOOKUP_ID, 'response');
  } catch (error) {
    if (isMatchmakerError(error)) throw error;
    if (env.signal?.aborted) throw toAborted(error, 'Location resolution');
    if (timeout.signal.aborted) throw new TimeoutError(timeoutMs, { endpoint: IP_LOOKUP_ID, cause: error });
    throw new NetworkError(`${IP_LOOKUP_ID}: ${String(error)}`, { endpoint: IP_LOOKUP_ID, cause: error });
  } finally {
    clearTimeout(timer);
  }
}
