import { describe, expect, it } from 'vitest';
import { devicesEndpoints } from '../../src/endpoints/devices';
import { isContractError } from '../../src/index';
import { DEVICE_INFO_RETRY } from '../../src/transport/constants';
import { answerFor } from '../support/answers';
import { testClient } from '../support/client';
import { useTestServer } from '../support/server';

const server = useTestServer(answerFor);

const lastRequest = () => server.lastRequest();

describe('devices service requests', () => {
  it('register POSTs the browser device', async () => {
    const device = { location: 'Lagos, Nigeria', type: 'BROWSER', active: true } as const;
    const answer = await testClient(server.url).devices.register(device);
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/api/usermgmt/v2/devices');
    expect(request.json).toEqual(device);
    expect(request.headers.authorization).toBe('Bearer access-1');
    expect(answer).toEqual(answerFor(lastRequest()).body);
  });

  it('a device type other than BROWSER is refused before it is sent', async () => {
    const bad = { location: 'Lagos, Nigeria', type: 'PHONE', active: true } as unknown as {
      location: string;
      type: 'BROWSER';
      active: boolean;
    };
    const error = await testClient(server.url)
      .devices.register(bad)
      .catch((e: unknown) => e);
    expect(isContractError(error)).toBe(true);
    expect((error as Error).message).toContain('devices.register: request.body.type');
    expect(server.requests).toHaveLength(0);
  });

  it('carries the device-info retry policy (5 times, 5 s apart; timing is tested with the transport)', () => {
    expect(devicesEndpoints.register.retry).toBe(DEVICE_INFO_RETRY);
    expect(DEVICE_INFO_RETRY).toMatchObject({ retries: 5, wait: { kind: 'fixed', delayMs: 5_000 } });
  });
});
