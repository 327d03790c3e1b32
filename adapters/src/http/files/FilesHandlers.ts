import { ByteSize, Effect, Stream } from "effect"
import { HttpIncomingMessage, HttpServerResponse, Multipart } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import {
  contentDisposition,
  Files,
  FileTooLarge,
  maxFileBytes,
  maxFileMegabytes,
  type OpenedFile,
  type StoredFile
} from "@tawreed/core/files"
import { InvalidField } from "@tawreed/core/shared"
import { Api } from "../Api.ts"
import { SignedUploadAnswer } from "./FilesApi.ts"
import { HandlerKit } from "../HandlerKit.ts"
import { failWithCatalogue, requestOrigin } from "../RequestContext.ts"

/** The form field that carries the file (SPEC.md §7 "with file"). */
const fileField = "file"

/** A file read from an upload, whole: its name as the browser sent it, and its bytes. */
interface ReceivedFile {
  readonly name: string
  readonly bytes: Uint8Array
}

/** What a broken or oversized multipart body is, in the catalogue's words. */
const refusalOf = (error: Multipart.MultipartError) => {
  switch (error.reason._tag) {
    case "FileTooLarge":
    case "BodyTooLarge":
      return new FileTooLarge({ megabytes: maxFileMegabytes })
    case "TooManyParts":
      return new InvalidField({ field: fileField, problem: "tooMany" })
    case "FieldTooLarge":
      return new InvalidField({ field: fileField, problem: "tooLong" })
    default:
      return { _tag: "MalformedBody" as const }
  }
}

const concat = (chunks: ReadonlyArray<Uint8Array>) => {
  const bytes = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.length, 0))
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.length
  }
  return bytes
}

/**
 * Reads the one file of an upload as it streams in (the limits of `uploadLimits` stop it early); other fields are
 * read past, a second file is refused.
 */
export const receive = (parts: Stream.Stream<Multipart.Part, Multipart.MultipartError>) =>
  Effect.gen(function* () {
    let received: ReceivedFile | undefined
    yield* Stream.runForEach(parts, (part) =>
      Effect.gen(function* () {
        if (!Multipart.isFile(part)) return
        if (part.key !== fileField) return yield* Stream.runDrain(part.content)
        if (received !== undefined) return yield* new InvalidField({ field: fileField, problem: "tooMany" })
        const chunks = yield* Stream.runCollect(part.content)
        received = { name: part.name, bytes: concat([...chunks]) }
      })
    ).pipe(Effect.catchTag("MultipartError", (error) => Effect.fail(refusalOf(error))))
    if (received === undefined) return yield* new InvalidField({ field: fileField, problem: "required" })
    return received
  })

/** Types a browser shows by itself, safely: images (no SVG is ever kept) and PDF. */
const opensInBrowser = (mime: string) => mime.startsWith("image/") || mime === "application/pdf"

/** `Content-Disposition` with the file's name, in ASCII for old clients and in full as RFC 6266 says. */
export const dispositionOf = (file: StoredFile, download: boolean) =>
  contentDisposition(file.name, download || !opensInBrowser(file.mime) ? "attachment" : "inline")

/**
 * What a downloaded file may do in the browser: nothing but show itself (an image, or a PDF in the browser's own
 * viewer); no script, no frame around it.
 */
export const downloadPolicy =
  "default-src 'none'; img-src 'self'; object-src 'self'; style-src 'unsafe-inline'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/**
 * A kept file as a private download answers it: its type, size and name, the download policy, no shared cache,
 * and its hash as the ETag. The files route and a product's file route answer alike.
 */
export const downloadResponse = ({ file, content }: OpenedFile, download: boolean) =>
  HttpServerResponse.stream(content, {
    contentType: file.mime,
    contentLength: file.size,
    headers: {
      "content-disposition": dispositionOf(file, download),
      "content-security-policy": downloadPolicy,
      "cache-control": "private, no-cache",
      etag: `"${file.sha256}"`
    }
  })

/** The handlers of the media routes. */
export const FilesHandlers = HttpApiBuilder.group(Api, "files", (handlers) =>
  Effect.gen(function* () {
    const { asActor } = yield* HandlerKit
    const files = yield* Files
    return handlers
      .handle("upload", ({ params, payload }) =>
        asActor((a, { origin }) =>
          Effect.gen(function* () {
            const received = yield* receive(payload)
            return yield* files.upload(
              a,
              { kind: params.type, entity: params.entity, name: received.name, bytes: received.bytes },
              origin
            )
          })
        )
      )
      .handle("signUpload", ({ payload }) =>
        asActor((a) => Effect.map(files.signUpload(a, payload), (signed) => new SignedUploadAnswer(signed)))
      )
      .handle("remove", ({ query }) => asActor((a, { origin }) => files.remove(a, query.fileURL, origin)))
      .handle("download", ({ params, query }) =>
        asActor((a) =>
          Effect.map(files.open(a, params.id), (opened) => downloadResponse(opened, query.download !== undefined))
        )
      )
  })
)

/**
 * The handler of the signed upload URL: reads the body whole, up to one byte past `maxFileBytes` so that a larger
 * file is told apart, whatever its Content-Type says.
 */
export const SignedUploadsHandlers = HttpApiBuilder.group(Api, "signedUploads", (handlers) =>
  Effect.gen(function* () {
    const files = yield* Files
    return handlers.handleRaw("put", ({ params, request }) =>
      failWithCatalogue(
        Effect.gen(function* () {
          const body = yield* request.arrayBuffer.pipe(
            Effect.mapError((error) =>
              error.reason._tag === "RequestParseError" && error.reason.reason === "BodyTooLarge"
                ? new FileTooLarge({ megabytes: maxFileMegabytes })
                : { _tag: "MalformedBody" as const }
            ),
            Effect.provideService(HttpIncomingMessage.MaxBodySize, ByteSize.bytes(maxFileBytes + 1))
          )
          const origin = yield* requestOrigin
          return yield* files.uploadSigned(params.token, new Uint8Array(body), origin)
        })
      )
    )
  })
)
