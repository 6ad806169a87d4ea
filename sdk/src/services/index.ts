import { createAccountsService } from './accounts';
import { createAdminService } from './admin';
import { createAlertsService } from './alerts';
import { createAnalyticsService } from './analytics';
import { createChatsService } from './chats';
import type { ServiceContext } from './context';
import { createDevicesService } from './devices';
import { createFeaturesService } from './features';
import { createImagesService } from './images';
import { createKycService } from './kyc';
import { createLocationsService } from './locations';
import { createPaymentsService } from './payments';
import { createRecommendationsService } from './recommendations';
import { createSettingsService } from './settings';

/** One property per backend service, named after its URL prefix (DESIGN.md). */
export function createServices(context: ServiceContext) {
  return {
    accounts: createAccountsService(context),
    settings: createSettingsService(context),
    devices: createDevicesService(context),
    locations: createLocationsService(context),
    admin: createAdminService(context),
    kyc: createKycService(context),
    images: createImagesService(context),
    features: createFeaturesService(context),
    alerts: createAlertsService(context),
    recommendations: createRecommendationsService(context),
    chats: createChatsService(context),
    payments: createPaymentsService(context),
    analytics: createAnalyticsService(context),
  };
}

export type Services = ReturnType<typeof createServices>;
export type { ServiceContext, ServiceSession } from './context';
