import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import { GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";

/**
 * A local S3-compatible server (s3rver, files in a temporary folder) on 127.0.0.1 and a random port,
 * with one bucket. It checks AWS signatures, so wrong credentials are refused as by S3 itself.
 */
export async function startLocalS3(bucket = "aurumwire-test") {
  const directory = mkdtempSync(path.join(tmpdir(), "aurumwire-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const accessKeyId = "S3RVER";
  const secretAccessKey = "S3RVER";
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
  return {
    endpoint,
    bucket,
    /** The server's variables for this bucket. */
    env: {
      STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    } as Record<string, string>,
    /** An object's bytes and type, or null when the bucket has no such key. */
    async read(key: string): Promise<{ body: Buffer; contentType?: string } | null> {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return {
          body: Buffer.from(
            await (
              answer.Body as { transformToByteArray(): Promise<Uint8Array> }
            ).transformToByteArray(),
          ),
          contentType: answer.ContentType,
        };
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async exists(key: string): Promise<boolean> {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if ((error as { name?: string }).name === "NotFound") return false;
        throw error;
      }
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type LocalS3 = Awaited<ReturnType<typeof startLocalS3>>;
