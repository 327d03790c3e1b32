import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Layer } from "effect"
import type { FileStore } from "@tawreed/core/files"
import { LocalFileStore } from "./LocalFileStore.ts"
import { type S3Config, S3FileStore } from "./S3FileStore.ts"

/** Where files' bytes go: a folder, an S3-compatible bucket, or a scratch folder that lives as long as the app. */
export type FileStoreConfig =
  | { readonly _tag: "Local"; readonly root: string }
  | ({ readonly _tag: "S3" } & S3Config)
  | { readonly _tag: "Scratch" }

const isOn = (value: string | undefined) => value !== undefined && /^(1|true|on|yes)$/i.test(value.trim())

/**
 * Reads the file store from the environment. `S3_BUCKET` names a bucket and turns the object store on, with
 * `S3_ENDPOINT` (an S3-compatible server), `S3_REGION` (default `us-east-1`), `S3_ACCESS_KEY_ID` and
 * `S3_SECRET_ACCESS_KEY`, `S3_FORCE_PATH_STYLE` (default on when an endpoint is named) and `S3_PREFIX`. Otherwise
 * files go under `FILES_DIR`, by default the `files` folder of `DATA_DIR` (itself `./data` by default).
 */
export const filesConfigFromEnv = (env: Record<string, string | undefined> = process.env): FileStoreConfig => {
  const bucket = env["S3_BUCKET"]?.trim()
  if (bucket) {
    const endpoint = env["S3_ENDPOINT"]?.trim() || undefined
    return {
      _tag: "S3",
      bucket,
      endpoint,
      region: env["S3_REGION"]?.trim() || "us-east-1",
      accessKeyId: env["S3_ACCESS_KEY_ID"] || undefined,
      secretAccessKey: env["S3_SECRET_ACCESS_KEY"] || undefined,
      forcePathStyle:
        env["S3_FORCE_PATH_STYLE"] === undefined ? endpoint !== undefined : isOn(env["S3_FORCE_PATH_STYLE"]),
      prefix: env["S3_PREFIX"] || undefined
    }
  }
  const folder = env["FILES_DIR"]?.trim()
  return { _tag: "Local", root: folder || join(env["DATA_DIR"]?.trim() || "./data", "files") }
}

/** The file store of a configuration. */
export const fileStoreLayer = (config: FileStoreConfig): Layer.Layer<FileStore> => {
  switch (config._tag) {
    case "Local":
      return LocalFileStore(config.root)
    case "S3":
      return S3FileStore(config)
    case "Scratch":
      return Layer.unwrap(
        Effect.map(
          Effect.acquireRelease(
            Effect.sync(() => mkdtempSync(join(tmpdir(), "tawreed-files-"))),
            (folder) => Effect.sync(() => rmSync(folder, { recursive: true, force: true }))
          ),
          LocalFileStore
        )
      )
  }
}
