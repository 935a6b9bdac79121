import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { isPostgres } from '../../db/connection.js';
import type { JobQueue } from './job-queue.js';
import { createPgBossQueue } from './pg-boss-queue.js';
import { createTableQueue } from './table-queue.js';

export type { JobHandler, JobQueue, RecurringWork } from './job-queue.js';

/** pg-boss on PostgreSQL (shared by every process); a table worked in process on SQLite (one process per file). */
export const createJobQueue = (db: Db, config: Config): JobQueue => (isPostgres(db) ? createPgBossQueue(db, config) : createTableQueue(db));
