import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCopyCommand,
} from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalS3, startS3rver } from "../../test/support/s3rver.js";
import { chunksOf, describeBlobStoreContract, testBytes } from "./blob-store.contract.js";
import { createBlobStore } from "./index.js";
import { S3BlobStore, type S3BlobStoreOptions } from "./s3-blob-store.js";
import { copyObjectInParts } from "./s3-copy.js";

const BUCKET = "nimbus-test";
let s3: LocalS3;
let endpoint: string;

beforeAll(async () => {
  s3 = await startS3rver(BUCKET);
  endpoint = s3.endpoint;
});

afterAll(async () => {
  await s3?.close();
});

function storeOptions(prefix: string): S3BlobStoreOptions {
  return {
    endpoint,
    bucket: BUCKET,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
    prefix,
  };
}

/** A plain client, to see and plant objects behind the store's back. */
async function withClient<T>(use: (client: S3Client) => Promise<T>): Promise<T> {
  const { accessKeyId = "", secretAccessKey = "", ...options } = storeOptions("");
  const client = new S3Client({ ...options, credentials: { accessKeyId, secretAccessKey } });
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
}

async function objectKeys(prefix: string): Promise<string[]> {
  const page = await withClient((client) =>
    client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix })),
  );
  return (page.Contents ?? []).map((object) => object.Key ?? "").sort();
}

describeBlobStoreContract("s3", async () => {
  // A fresh prefix per test keeps tests independent on one server.
  const prefix = `run-${randomUUID()}/`;
  const store = new S3BlobStore(storeOptions(prefix));
  return {
    store,
    cleanup: async () => {
      await store.close();
      expect((await objectKeys(prefix)).filter((key) => !key.startsWith(`${prefix}blobs/`))).toEqual([]);
    },
  };
});

describe("S3BlobStore on s3rver", () => {
  it("keeps blobs under <prefix>blobs/<GCID>, adding the prefix's slash", async () => {
    const store = new S3BlobStore(storeOptions(`layout-${randomUUID()}`));
    try {
      const { key } = await store.put(chunksOf(testBytes(100)), { size: 100 });
      const prefix = (await objectKeys("layout-")).find((objectKey) => objectKey.endsWith(key));
      expect(prefix).toMatch(new RegExp(`^layout-[0-9a-f-]{36}/blobs/${key}$`));
    } finally {
      await store.close();
    }
  });

  it("sweeps old temp objects", async () => {
    const prefix = `sweep-${randomUUID()}/`;
    const store = new S3BlobStore(storeOptions(prefix));
    try {
      await withClient((client) =>
        client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${prefix}tmp/left-by-a-crash`, Body: "x" })),
      );
      expect(await store.cleanTemp(60 * 60 * 1000)).toBe(0);
      expect(await store.cleanTemp(0)).toBe(1);
      expect(await objectKeys(prefix)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it("keeps unfinished upload bytes in the bucket, so another node resumes and reads them", async () => {
    const prefix = `pieces-${randomUUID()}/`;
    const [nodeA, nodeB] = [new S3BlobStore(storeOptions(prefix)), new S3BlobStore(storeOptions(prefix))];
    const id = "01JZ0000000000000000000000";
    const bytes = testBytes(3000, 7);
    try {
      const [a, b] = [nodeA.uploadBytes(), nodeB.uploadBytes()];
      expect(await b.offsetOf(id)).toBeUndefined();
      await a.create(id);
      expect(await b.offsetOf(id)).toBe(0);
      expect(await a.write(Readable.from([bytes.subarray(0, 1000)]), id, 0, 3000)).toBe(1000);
      expect(await b.offsetOf(id)).toBe(1000);
      await b.create(id); // idempotent: never drops what is there
      expect(await a.offsetOf(id)).toBe(1000);
      expect(await b.write(Readable.from([bytes.subarray(1000, 2500)]), id, 1000, 3000)).toBe(2500);
      // A body that fails mid-way stores nothing: the offset stays where it was.
      const broken = new Readable({ read() {} });
      broken.push(bytes.subarray(2500, 2700));
      setTimeout(() => broken.destroy(new Error("the client went away")), 20);
      await expect(a.write(broken, id, 2500, 3000)).rejects.toThrow();
      expect(await b.offsetOf(id)).toBe(2500);
      expect(await a.write(Readable.from([bytes.subarray(2500)]), id, 2500, 3000)).toBe(3000);
      expect(await a.ids()).toEqual([id]);
      // Both nodes read the bucket's time of the last write.
      const modified = await a.modifiedAt(id);
      expect(modified).toBeGreaterThan(0);
      expect(await b.modifiedAt(id)).toBe(modified);
      const read: Buffer[] = [];
      for await (const chunk of b.readAll(id)) read.push(chunk as Buffer);
      expect(Buffer.concat(read).equals(bytes)).toBe(true);
      await b.discard(id);
      expect(await a.offsetOf(id)).toBeUndefined();
      expect(await objectKeys(prefix)).toEqual([]);
    } finally {
      await nodeA.close();
      await nodeB.close();
    }
  });

  it("fails ping for a missing bucket", async () => {
    const store = new S3BlobStore({ ...storeOptions(""), bucket: "no-such-bucket" });
    try {
      await expect(store.ping()).rejects.toThrow();
    } finally {
      await store.close();
    }
  });

  it("is what createBlobStore returns in s3 mode", async () => {
    const store = await createBlobStore({ kind: "s3", ...storeOptions("factory/") });
    try {
      expect(store).toBeInstanceOf(S3BlobStore);
      await store.ping();
    } finally {
      await store.close();
    }
  });
});

// s3rver does not implement UploadPartCopy, so the >5 GiB copy path runs against a fake client.
describe("copyObjectInParts", () => {
  function fakeClient(failPart?: number) {
    const sent: { command: string; input: Record<string, unknown> }[] = [];
    const client = {
      send: async (command: { input: Record<string, unknown> }) => {
        sent.push({ command: command.constructor.name, input: command.input });
        if (command instanceof CreateMultipartUploadCommand) return { UploadId: "upload-1" };
        if (command instanceof UploadPartCopyCommand) {
          if (command.input.PartNumber === failPart) throw new Error("copy failed");
          return { CopyPartResult: { ETag: `"etag-${command.input.PartNumber}"` } };
        }
        return {};
      },
    };
    return { client: client as unknown as S3Client, sent };
  }
  const target = { bucket: "b", sourceKey: "p/tmp/1 2", targetKey: "p/blobs/K" };

  it("copies consecutive ranges and completes with the parts in order", async () => {
    const { client, sent } = fakeClient();
    await copyObjectInParts(client, { ...target, size: 25 }, 10);
    const copies = sent.filter((entry) => entry.command === UploadPartCopyCommand.name);
    expect(copies.map((entry) => entry.input.CopySourceRange).sort()).toEqual([
      "bytes=0-9",
      "bytes=10-19",
      "bytes=20-24",
    ]);
    expect(copies[0]?.input).toMatchObject({
      CopySource: "b/p/tmp/1%202",
      UploadId: "upload-1",
      Key: "p/blobs/K",
    });
    const complete = sent.find((entry) => entry.command === CompleteMultipartUploadCommand.name);
    expect(complete?.input.MultipartUpload).toEqual({
      Parts: [1, 2, 3].map((PartNumber) => ({ ETag: `"etag-${PartNumber}"`, PartNumber })),
    });
  });

  it("uses 512 MiB parts and stays within 10,000 parts", async () => {
    const gib = 1024 ** 3;
    const { client, sent } = fakeClient();
    await copyObjectInParts(client, { ...target, size: 6 * gib });
    expect(sent.filter((entry) => entry.command === UploadPartCopyCommand.name)).toHaveLength(12);

    const huge = fakeClient();
    await copyObjectInParts(huge.client, { ...target, size: 5 * 1024 * gib });
    expect(huge.sent.filter((entry) => entry.command === UploadPartCopyCommand.name)).toHaveLength(10_000);
  });

  it("aborts the multipart upload when a part fails", async () => {
    const { client, sent } = fakeClient(2);
    await expect(copyObjectInParts(client, { ...target, size: 25 }, 10)).rejects.toThrow("copy failed");
    const commands = sent.map((entry) => entry.command);
    expect(commands).toContain(AbortMultipartUploadCommand.name);
    expect(commands).not.toContain(CompleteMultipartUploadCommand.name);
  });
});
