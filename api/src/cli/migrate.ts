import { loadConfig } from '../config.js';
import { migrateDatabase } from '../db/open.js';

/** npm run migrate: runs the pending migrations (npm start does it too, under the same lock) and says which. */
const ran = await migrateDatabase(loadConfig());
console.log(ran.length ? `Ran ${ran.length} migration(s):\n${ran.map((name) => `- ${name}`).join('\n')}` : 'The database is up to date.');
