import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Effect, Exit, Option } from "effect"
import { FileStore } from "@tawreed/core/files"
import { FileStoreContract } from "@tawreed/core/testing"
import { type LocalS3, startLocalS3 } from "../testing/LocalS3.ts"
import { S3FileStore } from "./S3FileStore.ts"

// The server starts before the suites are declared, so that each suite's layer gets its address.
const s3: LocalS3 = await startLocalS3()
afterAll(() => s3.close())

FileStoreContract.suite("S3-compatible server", S3FileStore(s3.config))

describe("S3FileStore", () => {
  let other: LocalS3
  beforeAll(async () => {
    other = await startLocalS3("another-bucket")
  })
  afterAll(() => other?.close())

  it("keeps objects under its prefix, apart from a store with another prefix on the same bucket", async () => {
    const key = `${crypto.randomUUID()}/${crypto.randomUUID()}`
    const mine = S3FileStore({ ...other.config, prefix: "a/" })
    const theirs = S3FileStore({ ...other.config, prefix: "b/" })
    await Effect.runPromise(
      Effect.flatMap(Effect.service(FileStore), (s) => s.write(key, Uint8Array.from([1, 2]), "text/plain")).pipe(
        Effect.provide(mine)
      )
    )
    const found = await Effect.runPromise(
      Effect.flatMap(Effect.service(FileStore), (s) => s.read(key)).pipe(Effect.provide(theirs))
    )
    expect(Option.isNone(found)).toBe(true)
  })

  it("answers FileStorageUnavailable when the bucket does not exist", async () => {
    const exit = await Effect.runPromiseExit(
      Effect.flatMap(Effect.service(FileStore), (s) => s.write("k/1", Uint8Array.from([1]), "text/plain")).pipe(
        Effect.provide(S3FileStore({ ...s3.config, bucket: "no-such-bucket" }))
      )
    )
    expect(Exit.isFailure(exit)).toBe(true)
    expect(JSON.stringify(exit)).toContain("FileStorageUnavailable")
  })
})
