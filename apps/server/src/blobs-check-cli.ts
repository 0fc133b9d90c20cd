import { createBlobStore } from "./blobs/index.js";
import { ConfigError, loadConfig } from "./config/config.js";
import { openDatabase } from "./db/database.js";
import { checkBlobs } from "./modules/space/blob-check.js";

/**
 * `npm run blobs:check`: after restoring the database and the bucket (docs/deploy.md §5), with
 * the nodes' environment, lists referenced blobs whose bytes are missing. Exits 1 when any are.
 */
async function blobsCheckCli(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const database = await openDatabase(config.database);
  const blobs = await createBlobStore(config.blobs);
  try {
    const { referenced, stored, missing } = await checkBlobs(database.db, blobs);
    for (const gcid of missing) process.stdout.write(`missing: ${gcid}\n`);
    process.stdout.write(
      `${referenced} referenced blobs, ${stored} stored objects, ${missing.length} missing\n`,
    );
    return missing.length === 0 ? 0 : 1;
  } finally {
    await blobs.close();
    await database.close();
  }
}

process.exitCode = await blobsCheckCli();
