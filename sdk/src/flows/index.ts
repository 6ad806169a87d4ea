export {
  DEFAULT_IP_LOOKUP_URL,
  GEOLOCATION_OPTIONS,
  type GeolocationLike,
  IP_LOOKUP_ID,
  type LocationClient,
  type LocationEnv,
  type LocationResult,
  type LocationSource,
  type LocationStatus,
  type LocationStep,
  resolveLocation,
} from './location';
export {
  beginStartup,
  buildDauEvent,
  DEFAULT_PLATFORM,
  runStartup,
  type StartupClient,
  type StartupEnv,
  type StartupResult,
  type StartupRun,
  type StartupStep,
  type Subscription,
} from './startup';
export { type DeviceKind, detectBrowser, detectDevice, detectOs } from './user-agent';
