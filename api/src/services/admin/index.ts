import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Storage } from '../../storage/index.js';
import type { JobQueue } from '../jobs/index.js';
import type { SessionStore } from '../accounts/session-store.js';
import type { AccessTokens } from '../accounts/access-tokens.js';
import { createImageStore } from '../media/image-store.js';
import { createUploadPlacement } from '../media/upload-placement.js';
import { createApprovals } from './approvals.js';
import { createCatalogueAdmin } from './catalogue.js';
import { createEditorial } from './editorial.js';
import { createStats } from './stats.js';
import { createUserAdmin } from './users.js';

export function createAdminServices(db: Db, config: Config, sessions: SessionStore, accessTokens: AccessTokens, storage: Storage, jobs: JobQueue) {
  const images = createImageStore(config, storage, jobs);
  return {
    editorial: createEditorial(db, storage),
    catalogue: createCatalogueAdmin(db),
    approvals: createApprovals(db),
    stats: createStats(db),
    users: createUserAdmin(db, sessions, accessTokens),
    images,
    storage,
    placement: createUploadPlacement(config, storage, images),
  };
}

export type AdminServices = ReturnType<typeof createAdminServices>;
