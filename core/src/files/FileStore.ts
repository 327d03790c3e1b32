import { Context, type Effect, type Option, type Stream } from "effect"
import type { FileStorageUnavailable } from "./FileErrors.ts"

/**
 * Where files' bytes live, by storage key: a folder under `DATA_DIR` on the embedded default, an S3-compatible
 * object store when one is configured. It knows nothing of organisations or documents; `FileRepository` does.
 */
export interface FileStoreShape {
  /** Keeps bytes under a key, replacing whatever was there. */
  readonly write: (key: string, bytes: Uint8Array, mime: string) => Effect.Effect<void, FileStorageUnavailable>
  /** The bytes under a key, as a stream; none when nothing is kept there. */
  readonly read: (
    key: string
  ) => Effect.Effect<Option.Option<Stream.Stream<Uint8Array, FileStorageUnavailable>>, FileStorageUnavailable>
  /** Forgets the bytes under a key; a key with nothing under it is already forgotten. */
  readonly remove: (key: string) => Effect.Effect<void, FileStorageUnavailable>
}

/** Port: the bytes of stored files. */
export class FileStore extends Context.Service<FileStore, FileStoreShape>()("@tawreed/core/files/FileStore") {}
