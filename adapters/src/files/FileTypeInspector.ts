import { createHash } from "node:crypto"
import { fileTypeFromBuffer } from "file-type"
import { Effect, Layer, Option } from "effect"
import { FileInspector } from "@tawreed/core/files"

/**
 * Recognises uploads by their signatures with the `file-type` library (which reads the leading bytes, and looks
 * inside zip containers to tell a Word document from a spreadsheet), and hashes them with SHA-256.
 */
export const FileTypeInspector = Layer.succeed(
  FileInspector,
  FileInspector.of({
    inspect: (bytes) =>
      Effect.promise(async () => {
        const found = await fileTypeFromBuffer(bytes).catch(() => undefined)
        return {
          sniffed: Option.fromNullishOr(found).pipe(Option.map((t) => ({ mime: t.mime, extension: t.ext }))),
          sha256: createHash("sha256").update(bytes).digest("hex")
        }
      })
  })
)
