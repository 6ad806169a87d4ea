/**
 * The endpoint catalogue: every call of SPEC.md section 7, one entry each, grouped by SDK service.
 * `endpoints` is keyed by id (`service.method`); `endpointList` is the same entries as an array.
 */
import { accountsEndpoints } from './accounts';
import { adminEndpoints } from './admin';
import { alertsEndpoints } from './alerts';
import { analyticsEndpoints } from './analytics';
import { chatsEndpoints } from './chats';
import type { EndpointDef } from './define';
import { devicesEndpoints } from './devices';
import { featuresEndpoints } from './features';
import { imagesEndpoints } from './images';
import { kycEndpoints } from './kyc';
import { locationsEndpoints } from './locations';
import { paymentsEndpoints } from './payments';
import { recommendationsEndpoints } from './recommendations';
import { settingsEndpoints } from './settings';

/** Entries grouped by service, as `client.<service>.<method>`. */
export const endpointGroups = {
  accounts: accountsEndpoints,
  settings: settingsEndpoints,
  devices: devicesEndpoints,
  locations: locationsEndpoints,
  admin: adminEndpoints,
  kyc: kycEndpoints,
  images: imagesEndpoints,
  features: featuresEndpoints,
  alerts: alertsEndpoints,
  recommendations: recommendationsEndpoints,
  chats: chatsEndpoints,
  payments: paymentsEndpoints,
  analytics: analyticsEndpoints,
} as const;

type Groups = typeof endpointGroups;
type AnyEntry = { [S in keyof Groups]: Groups[S][keyof Groups[S]] }[keyof Groups];
/** Every entry, keyed by its id. */
export type EndpointCatalogue = { [E in AnyEntry as E['id']]: E };
export type EndpointId = keyof EndpointCatalogue & string;

export const endpointList: readonly EndpointDef[] = Object.values(endpointGroups).flatMap(
  (group) => Object.values(group) as EndpointDef[],
);

export const endpoints = Object.fromEntries(
  endpointList.map((entry) => [entry.id, entry]),
) as EndpointCatalogue;

export function getEndpoint(id: string): EndpointDef | undefined {
  return (endpoints as Record<string, EndpointDef | undefined>)[id];
}

export type { Access, EndpointDef, HttpMethod, Provider } from './define';
