import { mkdtemp, rm, unlink } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

// s3rver ships no type declarations; this is the part of its API the tests use.
interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  store: S3rverStore;
}
interface S3rverStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  deleteObject(bucket: string, key: string): Promise<void>;
}
type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
};
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: S3rverOptions) => S3rverServer;

/** An S3-compatible server on loopback, backed by a temporary directory. */
export interface LocalS3 {
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/** Starts s3rver on a free loopback port with one empty bucket. */
export async function startS3rver(bucket = "nimbus-test"): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), "nimbus-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  keepEmptyFolders(server.store);
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver removes a key's folders once they are empty after a delete. A put under the
 * same folder at that moment (two uploads' temp keys under `<prefix>tmp/`) has made
 * the folder but not yet opened its file, and its write stream then throws ENOENT
 * with no listener: an uncaught exception in the test process. Deleting only the
 * object's files closes that race; an empty folder holds no key, so listings agree.
 */
function keepEmptyFolders(store: S3rverStore): void {
  store.deleteObject = async (bucket, key) => {
    const files = ["object", "object.md5", "metadata.json"].map((resource) =>
      store.getResourcePath(bucket, key, resource),
    );
    await Promise.all(
      files.map((file) =>
        unlink(file).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== "ENOENT") throw error;
        }),
      ),
    );
  };
}

let shared: { server: Promise<LocalS3>; users: number } | undefined;

/**
 * One s3rver for every test app of a test file: the first caller starts it and
 * the last `release()` stops it, so no server outlives the apps using it.
 */
export async function acquireSharedS3rver(): Promise<{ s3: LocalS3; release(): Promise<void> }> {
  if (!shared) shared = { server: startS3rver(), users: 0 };
  const current = shared;
  current.users++;
  const s3 = await current.server;
  let released = false;
  return {
    s3,
    async release() {
      if (released) return;
      released = true;
      current.users--;
      if (current.users > 0) return;
      if (shared === current) shared = undefined;
      await s3.close();
    },
  };
}
