import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { SessionStore } from '../session-store.js';
import { createImageStore } from '../image-store.js';
import { createApprovals } from './approvals.js';
import { createCatalogueAdmin } from './catalogue.js';
import { createEditorial } from './editorial.js';
import { createStats } from './stats.js';
import { createUserAdmin } from './users.js';

export function createAdminServices(db: Db, config: Config, sessions: SessionStore) {
  return {
    editorial: createEditorial(db, config),
    catalogue: createCatalogueAdmin(db),
    approvals: createApprovals(db),
    stats: createStats(db),
    users: createUserAdmin(db, sessions),
    images: createImageStore(config),
  };
}

export type AdminServices = ReturnType<typeof createAdminServices>;
