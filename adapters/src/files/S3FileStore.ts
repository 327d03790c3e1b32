import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException
} from "@aws-sdk/client-s3"
import { Effect, Layer, Option, Stream } from "effect"
import { FileStorageUnavailable, FileStore } from "@tawreed/core/files"

/** Where the object store is and how to reach it (see `filesConfigFromEnv` for the environment variables). */
export interface S3Config {
  readonly bucket: string
  /** An S3-compatible server's address (MinIO, Ceph, R2, …); AWS's own when absent. */
  readonly endpoint?: string | undefined
  readonly region: string
  /** Keys; without them the AWS SDK's usual sources (environment, profile, instance role) are asked. */
  readonly accessKeyId?: string | undefined
  readonly secretAccessKey?: string | undefined
  /** Bucket in the path (`https://host/bucket/key`), which most S3-compatible servers need. */
  readonly forcePathStyle: boolean
  /** Put before every key, so that one bucket can hold several deployments. */
  readonly prefix?: string | undefined
}

const unavailable = (operation: string) => () => new FileStorageUnavailable({ operation })

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)

/**
 * Files' bytes in an S3-compatible object store, one object per storage key. Objects are private: every download
 * goes through the product's access check, never to the store directly.
 */
export const S3FileStore = (config: S3Config): Layer.Layer<FileStore> =>
  Layer.effect(
    FileStore,
    Effect.gen(function* () {
      const client = yield* Effect.acquireRelease(
        Effect.sync(
          () =>
            new S3Client({
              region: config.region,
              forcePathStyle: config.forcePathStyle,
              ...(config.endpoint ? { endpoint: config.endpoint } : {}),
              ...(config.accessKeyId && config.secretAccessKey
                ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
                : {})
            })
        ),
        (client) => Effect.sync(() => client.destroy())
      )
      const objectKey = (key: string) => `${config.prefix ?? ""}${key}`
      return FileStore.of({
        write: Effect.fn("S3FileStore.write")(function* (key, bytes, mime) {
          yield* Effect.tryPromise({
            try: (signal) =>
              client.send(
                new PutObjectCommand({
                  Bucket: config.bucket,
                  Key: objectKey(key),
                  Body: bytes,
                  ContentType: mime,
                  ContentLength: bytes.length
                }),
                { abortSignal: signal }
              ),
            catch: unavailable("write")
          })
        }),
        read: Effect.fn("S3FileStore.read")(function* (key) {
          const answer = yield* Effect.tryPromise({
            try: (signal) =>
              client
                .send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }), { abortSignal: signal })
                .catch((error: unknown) => {
                  if (isMissing(error)) return undefined
                  throw error
                }),
            catch: unavailable("read")
          })
          const body = answer?.Body
          if (body === undefined) return Option.none()
          return Option.some(
            Stream.fromAsyncIterable(body as unknown as AsyncIterable<Uint8Array>, unavailable("read"))
          )
        }),
        remove: Effect.fn("S3FileStore.remove")(function* (key) {
          yield* Effect.tryPromise({
            try: (signal) =>
              client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }), {
                abortSignal: signal
              }),
            catch: unavailable("remove")
          })
        })
      })
    })
  )
