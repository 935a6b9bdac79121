import type { Config } from '../../config.js';
import type { AdminServices } from '../../services/admin/index.js';
import { catalogueAdminEndpoints } from './catalogue.js';
import { editorialEndpoints } from './editorial.js';
import { mediaEndpoints } from './media.js';
import { staffEndpoints } from './staff.js';

export const adminEndpoints = (services: AdminServices, config: Config) => [
  ...editorialEndpoints(services),
  ...catalogueAdminEndpoints(services),
  ...mediaEndpoints(services, config),
  ...staffEndpoints(services),
];
