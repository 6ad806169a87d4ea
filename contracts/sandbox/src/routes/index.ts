/** Every handler, keyed by catalogue id. `AllHandlers` makes a missing id a type error. */

import type { AnyHandler } from '../http/request-context';
import { accountsHandlers } from './accounts';
import { adminHandlers } from './admin';
import { alertsHandlers } from './alerts';
import { analyticsHandlers } from './analytics';
import { chatsHandlers } from './chats';
import { devicesHandlers } from './devices';
import { featuresHandlers } from './features';
import { imagesHandlers } from './images';
import { kycHandlers } from './kyc';
import { locationsHandlers } from './locations';
import { paymentsHandlers } from './payments';
import { recommendationsHandlers } from './recommendations';
import { settingsHandlers } from './settings';
import type { AllHandlers } from './types';

export const handlers: AllHandlers = {
  ...accountsHandlers,
  ...settingsHandlers,
  ...devicesHandlers,
  ...locationsHandlers,
  ...adminHandlers,
  ...kycHandlers,
  ...imagesHandlers,
  ...featuresHandlers,
  ...alertsHandlers,
  ...recommendationsHandlers,
  ...chatsHandlers,
  ...paymentsHandlers,
  ...analyticsHandlers,
};

/** The router's untyped view of the same map. */
export const handlerRegistry = handlers as unknown as Record<string, AnyHandler>;
