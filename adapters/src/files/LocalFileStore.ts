import { randomUUID } from "node:crypto"
import { createReadStream } from "node:fs"
import { mkdir, open, rename, rm, writeFile } from "node:fs/promises"
import { dirname, join, resolve, sep } from "node:path"
import { Effect, Layer, Option, Stream } from "effect"
import { FileStorageUnavailable, FileStore } from "@tawreed/core/files"

/** A storage key is one or more plain path segments; anything else (`..`, a drive, a separator) names nothing. */
const keyPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/

const unavailable = (operation: string) => () => new FileStorageUnavailable({ operation })

/**
 * Files' bytes in a folder on this machine (`DATA_DIR/files` by default), one file per storage key. A write goes
 * to a temporary file first and is renamed into place, so a reader never sees half a file.
 */
export const LocalFileStore = (root: string): Layer.Layer<FileStore> =>
  Layer.sync(FileStore, () => {
    const base = resolve(root)
    const pathOf = (key: string, operation: string) =>
      Effect.suspend(() => {
        const path = resolve(join(base, key))
        return keyPattern.test(key) && path.startsWith(base + sep)
          ? Effect.succeed(path)
          : Effect.fail(new FileStorageUnavailable({ operation }))
      })
    return FileStore.of({
      write: Effect.fn("LocalFileStore.write")(function* (key, bytes) {
        const path = yield* pathOf(key, "write")
        yield* Effect.tryPromise({
          try: async () => {
            await mkdir(dirname(path), { recursive: true })
            const temporary = `${path}.${randomUUID()}.tmp`
            try {
              await writeFile(temporary, bytes, { flag: "wx" })
              await rename(temporary, path)
            } catch (error) {
              await rm(temporary, { force: true })
              throw error
            }
          },
          catch: unavailable("write")
        })
      }),
      read: Effect.fn("LocalFileStore.read")(function* (key) {
        const path = yield* pathOf(key, "read")
        const handle = yield* Effect.tryPromise({
          try: () =>
            open(path, "r").catch((error: NodeJS.ErrnoException) => {
              if (error.code === "ENOENT") return undefined
              throw error
            }),
          catch: unavailable("read")
        })
        if (handle === undefined) return Option.none()
        return Option.some(
          Stream.fromAsyncIterable(
            createReadStream(path, { fd: handle, highWaterMark: 64 * 1024 }) as AsyncIterable<Uint8Array>,
            unavailable("read")
          )
        )
      }),
      remove: Effect.fn("LocalFileStore.remove")(function* (key) {
        const path = yield* pathOf(key, "remove")
        yield* Effect.tryPromise({ try: () => rm(path, { force: true }), catch: unavailable("remove") })
      })
    })
  })
