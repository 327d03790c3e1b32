import { mkdtempSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { S3Config } from "../files/S3FileStore.ts"

/** What the tests use of s3rver, which ships no types. */
interface S3rver {
  run(): Promise<AddressInfo>
  close(): Promise<void>
}
type S3rverClass = new (options: {
  readonly address: string
  readonly port: number
  readonly silent: boolean
  readonly directory: string
  readonly configureBuckets: ReadonlyArray<{ readonly name: string }>
}) => S3rver

const S3rver = createRequire(import.meta.url)("@20minutes/s3rver") as S3rverClass

/** A running local S3-compatible server, and the configuration that reaches its bucket. */
export interface LocalS3 {
  readonly config: S3Config
  readonly close: () => Promise<void>
}

/**
 * Starts an S3-compatible server in this process (s3rver, from the npm registry) on a free loopback port, with one
 * bucket, keeping its objects in a scratch folder removed on close.
 */
export const startLocalS3 = async (bucket = "tawreed-files"): Promise<LocalS3> => {
  const directory = mkdtempSync(join(tmpdir(), "tawreed-s3-"))
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }]
  })
  const address = await server.run()
  return {
    config: {
      bucket,
      endpoint: `http://127.0.0.1:${address.port}`,
      region: "us-east-1",
      // s3rver's own keys: it checks request signatures against them.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
      prefix: "test/"
    },
    close: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    }
  }
}
