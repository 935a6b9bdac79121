import { loadConfig } from '../config.js';
import { copyObjects, STORED_PREFIXES } from '../storage/copy.js';
import { createStorage } from '../storage/index.js';
import { createLocalStorage } from '../storage/local.js';

/**
 * npm run storage:copy: copies the stored files of DATA_DIR (uploads and audio) into the S3 bucket the environment
 * configures, key for key, before a server switches to STORAGE=s3. Objects already there with the same size are
 * skipped, so it may run again after an interruption.
 */
const config = loadConfig();
if (config.storage.driver !== 's3') {
  console.error('npm run storage:copy copies DATA_DIR into an S3 bucket: set STORAGE=s3 and the S3_* variables (README, Configuration).');
  process.exit(2);
}
const { bucket } = config.storage.s3;
console.log(`Copying ${STORED_PREFIXES.join(', ')} from ${config.dataDir} into bucket ${bucket}.`);
try {
  const report = await copyObjects(createLocalStorage(config.dataDir), createStorage(config), STORED_PREFIXES, (key, size) => {
    console.log(`copied ${key} (${size} bytes)`);
  });
  console.log(`Copied ${report.copied} object(s), ${report.bytes} bytes; skipped ${report.skipped} already in the bucket with the same size.`);
} catch (error) {
  // What was copied so far stays; running the command again continues from there.
  console.error(`storage:copy stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
