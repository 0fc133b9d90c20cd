import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  type S3Client,
  UploadPartCopyCommand,
} from "@aws-sdk/client-s3";
import { NimbusError } from "@nimbus/protocol";

const MiB = 1024 * 1024;
/** The largest object a single CopyObject may copy. */
export const MAX_SINGLE_COPY_SIZE = 5 * 1024 * MiB;
const COPY_PART_SIZE = 512 * MiB;
const MAX_PARTS = 10_000;
const COPY_CONCURRENCY = 4;

export interface CopyTarget {
  bucket: string;
  sourceKey: string;
  targetKey: string;
}

/** Server-side copy inside one bucket: CopyObject up to 5 GiB, UploadPartCopy ranges above. */
export async function copyObject(client: S3Client, target: CopyTarget, size: number): Promise<void> {
  if (size > MAX_SINGLE_COPY_SIZE) return copyObjectInParts(client, { ...target, size });
  await client.send(
    new CopyObjectCommand({ Bucket: target.bucket, Key: target.targetKey, CopySource: copySource(target) }),
  );
}

/** Copies in UploadPartCopy ranges of 512 MiB (more when 10,000 parts would not do), 4 at a time. */
export async function copyObjectInParts(
  client: S3Client,
  target: CopyTarget & { size: number },
  partSize = Math.max(COPY_PART_SIZE, Math.ceil(target.size / MAX_PARTS)),
): Promise<void> {
  const { bucket, targetKey, size } = target;
  const created = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: targetKey }));
  const uploadId = created.UploadId;
  if (!uploadId) throw new NimbusError("internal", "CreateMultipartUpload answered no UploadId");
  const partCount = Math.max(1, Math.ceil(size / partSize));
  const etags: string[] = new Array(partCount);
  let nextPart = 0;
  let failure: { error: unknown } | undefined;
  // Workers stop taking parts after the first failure, so none is in flight when the upload is aborted.
  const copyParts = async (): Promise<void> => {
    while (!failure && nextPart < partCount) {
      const index = nextPart++;
      const start = index * partSize;
      const end = Math.min(size, start + partSize) - 1;
      try {
        const part = await client.send(
          new UploadPartCopyCommand({
            Bucket: bucket,
            Key: targetKey,
            UploadId: uploadId,
            PartNumber: index + 1,
            CopySource: copySource(target),
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        const etag = part.CopyPartResult?.ETag;
        if (!etag) throw new NimbusError("internal", `UploadPartCopy answered no ETag for part ${index + 1}`);
        etags[index] = etag;
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(COPY_CONCURRENCY, partCount) }, copyParts));
  try {
    if (failure) throw failure.error;
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: targetKey,
        UploadId: uploadId,
        MultipartUpload: { Parts: etags.map((ETag, index) => ({ ETag, PartNumber: index + 1 })) },
      }),
    );
  } catch (error) {
    await client
      .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: targetKey, UploadId: uploadId }))
      .catch(() => {});
    throw error;
  }
}

function copySource({ bucket, sourceKey }: CopyTarget): string {
  return `${bucket}/${sourceKey.split("/").map(encodeURIComponent).join("/")}`;
}
