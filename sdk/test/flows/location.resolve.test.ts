import { beforeEach, describe, expect, it } from 'vitest';
import {
  type GeolocationLike,
  type LocationEnv,
  type LocationStep,
  resolveLocation,
} from '../../src/flows/location';
import { isAbortedError, isContractError, isHttpError } from '../../src/index';
import { testClient } from '../support/client';
import { type Reply, useTestServer } from '../support/server';

const SEARCH = '/api/main/v2/locations/search';
const UPDATE = '/api/usermgmt/v2/accounts/location';
const DEVICES = '/api/usermgmt/v2/devices';
const IP = '/sandbox/ip-lookup';

// The browser's own Geolocation must fit the injected interface.
const browserGeolocationFits = (geolocation: Geolocation): GeolocationLike => geolocation;
void browserGeolocationFits;

const server = useTestServer();
let routes: Record<string, Reply>;
let reported: { error: unknown; step: LocationStep }[];

beforeEach(() => {
  reported = [];
  routes = {
    [SEARCH]: { body: { city: 'Lagos', country: 'Nigeria', country_code: 'NG' } },
    [UPDATE]: { body: { message: 'Location updated' } },
    [DEVICES]: {
      body: {
        id: 1,
        location: 'Lagos, Nigeria',
        type: 'BROWSER',
        active: true,
        created_at: '2026-01-05T10:00:00.000Z',
      },
    },
    [IP]: {
      body: {
        ip: '102.89.0.1',
        city: 'Ikeja',
        country_name: 'Nigeria',
        country_code: 'NG',
        latitude: 6.6,
        longitude: 3.35,
      },
    },
  };
  server.handle((request) => routes[request.path] ?? { status: 404, body: { message: 'no route' } });
});

type Behaviour = { latitude: number; longitude: number } | { code: 1 | 2 | 3 } | 'never' | 'throws';

/** A stand-in for navigator.geolocation that answers asynchronously, as browsers do. */
function fakeGeolocation(behaviour: Behaviour) {
  const calls: (PositionOptions | undefined)[] = [];
  const geolocation: GeolocationLike = {
    getCurrentPosition(success, error, options) {
      calls.push(options);
      if (behaviour === 'throws') throw new Error('Geolocation is not allowed in this frame');
      if (behaviour === 'never') return;
      setTimeout(() => {
        if ('code' in behaviour) error?.({ code: behaviour.code, message: 'geolocation error' });
        else success({ coords: behaviour });
      }, 1);
    },
  };
  return { geolocation, calls };
}

const env = (geolocation: GeolocationLike | null, overrides: LocationEnv = {}): LocationEnv => ({
  geolocation,
  ipLookupUrl: `${server.url}${IP}`,
  onError: (error, step) => reported.push({ error, step }),
  ...overrides,
});
const paths = () => server.requests.map((request) => `${request.method} ${request.path}`);
const bodyOf = (path: string) => server.requests.find((request) => request.path === path)?.json;

const lagos = { city: 'Lagos', country: 'Nigeria', country_code: 'NG', longitude: 3.3792, latitude: 6.5244 };
const ikeja = { city: 'Ikeja', country: 'Nigeria', country_code: 'NG', longitude: 3.35, latitude: 6.6 };

describe('resolveLocation', () => {
  it('granted: searches the coordinates, updates the location and registers the device', async () => {
    const { geolocation, calls } = fakeGeolocation({ latitude: 6.5244, longitude: 3.3792 });
    const result = await resolveLocation(testClient(server.url), env(geolocation));
    expect(result).toEqual({ status: 'accepted', source: 'geolocation', location: lagos });
    expect(calls).toEqual([{ timeout: 10_000, enableHighAccuracy: true, maximumAge: 0 }]);
    expect(paths()).toEqual([`POST ${SEARCH}`, `PUT ${UPDATE}`, `POST ${DEVICES}`]);
    expect(bodyOf(SEARCH)).toEqual({ cordinates: { longitude: 3.3792, latitude: 6.5244 } });
    expect(bodyOf(UPDATE)).toEqual(lagos);
    expect(bodyOf(DEVICES)).toEqual({ location: 'Lagos, Nigeria', type: 'BROWSER', active: true });
    expect(reported).toEqual([]);
  });

  it('denied: status denied, then the IP lookup is stored', async () => {
    const { geolocation } = fakeGeolocation({ code: 1 });
    const result = await resolveLocation(testClient(server.url), env(geolocation));
    expect(result).toEqual({ status: 'denied', source: 'ip', location: ikeja });
    expect(paths()).toEqual([`GET ${IP}`, `PUT ${UPDATE}`, `POST ${DEVICES}`]);
    expect(bodyOf(UPDATE)).toEqual(ikeja);
    expect(bodyOf(DEVICES)).toEqual({ location: 'Ikeja, Nigeria', type: 'BROWSER', active: true });
  });

  it('the IP lookup is a plain GET without the bearer token or the API headers', async () => {
    const { geolocation } = fakeGeolocation({ code: 1 });
    await resolveLocation(testClient(server.url), env(geolocation));
    const lookup = server.requests.find((request) => request.path === IP);
    expect(lookup?.headers.authorization).toBeUndefined();
    expect(lookup?.headers['cache-control']).toBeUndefined();
    expect(lookup?.text).toBe('');
  });

  it('denied and the IP lookup failing: denied with no location, nothing stored', async () => {
    routes[IP] = { status: 429, body: { error: true, reason: 'RateLimited' } };
    const { geolocation } = fakeGeolocation({ code: 1 });
    const result = await resolveLocation(testClient(server.url), env(geolocation));
    expect(result).toEqual({ status: 'denied', source: 'none' });
    expect(paths()).toEqual([`GET ${IP}`]);
  });

  it('position unavailable: falls back to the IP lookup and stays accepted', async () => {
    const { geolocation } = fakeGeolocation({ code: 2 });
    const result = await resolveLocation(testClient(server.url), env(geolocation));
    expect(result).toEqual({ status: 'accepted', source: 'ip', location: ikeja });
    expect(paths()).toEqual([`GET ${IP}`, `PUT ${UPDATE}`, `POST ${DEVICES}`]);
  });

  it('timeout: falls back to the IP lookup and stays accepted', async () => {
    const { geolocation } = fakeGeolocation({ code: 3 });
    const result = await resolveLocation(testClient(server.url), env(geolocation));
    expect(result).toEqual({ status: 'accepted', source: 'ip', location: ikeja });
  });

  it('no geolocation API: falls back to the IP lookup and stays accepted', async () => {
    const result = await resolveLocation(testClient(server.url), env(null));
    expect(result).toEqual({ status: 'accepted', source: 'ip', location: ikeja });
    expect(paths()).toEqual([`GET ${IP}`, `PUT ${UPDATE}`, `POST ${DEVICES}`]);
  });

  it('a geolocation API that throws counts as none', async () => {
    const { geolocation } = fakeGeolocation('throws');
    const result = await resolveLocation(testClient(server.url), env(geolocation));
    expect(result).toEqual({ status: 'accepted', source: 'ip', location: ikeja });
  });

  it('IP lookup failing (5xx) is reported and the status is denied', async () => {
    routes[IP] = { status: 503, body: 'Service Unavailable' };
    const result = await resolveLocation(testClient(server.url), env(null));
    expect(result).toEqual({ status: 'denied', source: 'none' });
    expect(reported.map((entry) => entry.step)).toEqual(['ip-lookup']);
    const error = reported[0]?.error;
    expect(isHttpError(error) && error.status).toBe(503);
    expect(paths()).toEqual([`GET ${IP}`]);
  });

  it('IP lookup unreachable is reported and the status is denied', async () => {
    const result = await resolveLocation(
      testClient(server.url),
      env(null, { ipLookupUrl: 'http://127.0.0.1:1/json/' }),
    );
    expect(result).toEqual({ status: 'denied', source: 'none' });
    expect(reported.map((entry) => (entry.error as { code?: string }).code)).toEqual(['NETWORK_ERROR']);
  });

  it('IP lookup answering something other than its JSON shape is a contract error, status denied', async () => {
    routes[IP] = { body: '<html>blocked</html>', headers: { 'content-type': 'text/html' } };
    const result = await resolveLocation(testClient(server.url), env(null));
    expect(result).toEqual({ status: 'denied', source: 'none' });
    const error = reported[0]?.error;
    expect(isContractError(error)).toBe(true);
    expect(isContractError(error) && error.message).toContain('ipLookup: response');
  });

  it('IP lookup without a city (unknown location data): denied, nothing stored', async () => {
    routes[IP] = { body: { ip: '10.0.0.1', error: true, reason: 'Reserved IP Address' } };
    const result = await resolveLocation(testClient(server.url), env(null));
    expect(result).toEqual({ status: 'denied', source: 'none' });
    expect(paths()).toEqual([`GET ${IP}`]);
    expect(reported).toEqual([]);
  });

  it('location search failing: reported, then the IP lookup is used', async () => {
    routes[SEARCH] = { status: 500, body: { message: 'down' } };
    const { geolocation } = fakeGeolocation({ latitude: 6.5244, longitude: 3.3792 });
    const result = await resolveLocation(testClient(server.url), env(geolocation));
    expect(result).toEqual({ status: 'accepted', source: 'ip', location: ikeja });
    expect(paths()).toEqual([`POST ${SEARCH}`, `GET ${IP}`, `PUT ${UPDATE}`, `POST ${DEVICES}`]);
    expect(reported.map((entry) => entry.step)).toEqual(['search']);
  });

  it('location search naming no place (unknown location data): denied, and the IP lookup is used', async () => {
    routes[SEARCH] = { body: { city: null, country: null, country_code: null } };
    const { geolocation } = fakeGeolocation({ latitude: 0, longitude: 0 });
    const result = await resolveLocation(testClient(server.url), env(geolocation));
    expect(result).toEqual({ status: 'denied', source: 'ip', location: ikeja });
    expect(reported).toEqual([]);
  });

  it('location search and IP lookup both failing: denied', async () => {
    routes[SEARCH] = { status: 500, body: {} };
    routes[IP] = { status: 500, body: {} };
    const { geolocation } = fakeGeolocation({ latitude: 6.5244, longitude: 3.3792 });
    const result = await resolveLocation(testClient(server.url), env(geolocation));
    expect(result).toEqual({ status: 'denied', source: 'none' });
    expect(reported.map((entry) => entry.step)).toEqual(['search', 'ip-lookup']);
  });

  it('a refused location update is reported; the device is still registered and the status stands', async () => {
    routes[UPDATE] = { status: 400, body: { message: 'bad' } };
    const { geolocation } = fakeGeolocation({ latitude: 6.5244, longitude: 3.3792 });
    const result = await resolveLocation(testClient(server.url), env(geolocation));
    expect(result).toEqual({ status: 'accepted', source: 'geolocation', location: lagos });
    expect(paths()).toEqual([`POST ${SEARCH}`, `PUT ${UPDATE}`, `POST ${DEVICES}`]);
    expect(reported.map((entry) => entry.step)).toEqual(['update-location']);
  });

  it('an abort while waiting for the permission prompt rejects with AbortedError', async () => {
    const { geolocation } = fakeGeolocation('never');
    const controller = new AbortController();
    const pending = resolveLocation(testClient(server.url), env(geolocation, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 5);
    const error = await pending.catch((e: unknown) => e);
    expect(isAbortedError(error)).toBe(true);
    expect(server.requests).toHaveLength(0);
    expect(reported).toEqual([]);
  });

  it('an abort during the IP lookup rejects with AbortedError and is not reported', async () => {
    const controller = new AbortController();
    server.handle(async () => {
      controller.abort();
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { body: {} };
    });
    const error = await resolveLocation(
      testClient(server.url),
      env(null, { signal: controller.signal }),
    ).catch((e: unknown) => e);
    expect(isAbortedError(error)).toBe(true);
    expect(reported).toEqual([]);
  });

  it('an IP lookup slower than its time limit is reported as a timeout, status denied', async () => {
    server.handle(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return routes[IP] as Reply;
    });
    const result = await resolveLocation(testClient(server.url), env(null, { ipLookupTimeoutMs: 20 }));
    expect(result).toEqual({ status: 'denied', source: 'none' });
    expect(reported.map((entry) => (entry.error as { code?: string }).code)).toEqual(['TIMEOUT_ERROR']);
  });
});
