import type { Config } from '../../config.js';
import type { AiGenerator } from '../../integrations/ai.js';
import type { AiJobs } from '../../integrations/ai-jobs.js';
import type { Pexels } from '../../integrations/pexels.js';
import type { AdminServices } from '../../services/admin/index.js';
import type { Services } from '../../services/index.js';
import { articleHistoryEndpoints } from './article-history.js';
import { catalogueAdminEndpoints } from './catalogue.js';
import { editorialEndpoints } from './editorial.js';
import { engageAdminEndpoints } from './engage.js';
import { insightAdminEndpoints } from './insights.js';
import { integrationAdminEndpoints } from './integrations.js';
import { liveAdminEndpoints } from './live.js';
import { mediaEndpoints } from './media.js';
import { offerAdminEndpoints } from './offers.js';
import type { StripeBilling } from '../../integrations/stripe.js';
import { staffEndpoints } from './staff.js';

/** What the admin calls work with beyond the admin services: the newsletter and push, the AI generator, stock photos. */
export interface AdminRouteDependencies { services: Services; ai: AiGenerator; aiJobs: AiJobs; pexels: Pexels; billing: StripeBilling }

/** Every /api/admin call (admin-area.md), declared in this folder. */
export const adminEndpoints = (admin: AdminServices, config: Config, { services, ai, aiJobs, pexels, billing }: AdminRouteDependencies) => [
  ...editorialEndpoints(admin),
  ...articleHistoryEndpoints(admin, services.previews, services.presence),
  ...liveAdminEndpoints(services),
  ...catalogueAdminEndpoints(admin),
  ...mediaEndpoints(admin, config),
  ...staffEndpoints(admin, services.offers),
  ...engageAdminEndpoints(services, config),
  ...integrationAdminEndpoints(ai, aiJobs, config.openai.waitMs, pexels),
  ...offerAdminEndpoints(services.offers, billing),
  ...insightAdminEndpoints(services.insightFigures),
];
