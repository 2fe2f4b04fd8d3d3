import type { Readable } from "node:stream";
import type { S3StorageConfig } from "../../config";
import {
  assertStorageKey,
  type FileStorage,
  isStorageKey,
  storageUnavailable,
  uploadsPathKey,
} from "./file-storage";

/** Stored names carry a random id (or a slug that is drawn once): readers may keep them a week. */
export const uploadCacheControl = "public, max-age=604800";

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...) through the AWS SDK v3
 * (decision 140). The SDK is loaded only when STORAGE=s3, like ioredis for Redis.
 */
export async function createS3FileStorage(config: S3StorageConfig): Promise<FileStorage> {
  const { S3Client, PutObjectCommand, GetObjectCommand, HeadObjectCommand, DeleteObjectCommand } =
    await import("@aws-sdk/client-s3");
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: several S3-compatible servers refuse the newer
    // trailing-checksum uploads the SDK would otherwise send.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const bucket = config.bucket;
  const publicBase = config.publicUrl?.replace(/\/+$/, "");

  const isMissing = (error: unknown) => {
    const named = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    return (
      named.name === "NoSuchKey" ||
      named.name === "NotFound" ||
      named.$metadata?.httpStatusCode === 404
    );
  };

  const urlFor = (key: string) => (publicBase ? `${publicBase}/${key}` : `/uploads/${key}`);

  return {
    kind: "s3",
    async put(key, data, options) {
      assertStorageKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: data,
            ContentType: options.contentType,
            ContentLength: data.length,
            CacheControl: uploadCacheControl,
          }),
        );
      } catch (error) {
        throw storageUnavailable(error);
      }
      return urlFor(key);
    },
    async remove(key) {
      assertStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (!isMissing(error)) throw storageUnavailable(error);
      }
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return {
          body: answer.Body as Readable,
          contentType: answer.ContentType ?? "application/octet-stream",
          size: answer.ContentLength,
          etag: answer.ETag,
          lastModified: answer.LastModified,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw storageUnavailable(error);
      }
    },
    async sizeOf(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return answer.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw storageUnavailable(error);
      }
    },
    urlFor,
    keyOf(url) {
      if (publicBase && url.startsWith(`${publicBase}/`)) {
        const key = url.slice(publicBase.length + 1);
        return isStorageKey(key) ? key : null;
      }
      return uploadsPathKey(url);
    },
    async close() {
      client.destroy();
    },
  };
}
