import { Schema } from "effect"
import { Multipart } from "effect/http"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { acceptedTypes, FileView, maxFileBytes } from "@tawreed/core/files"
import { Uuid } from "@tawreed/core/shared"
import { errors } from "../ApiErrors.ts"

/**
 * How much of a multipart upload the API reads: the file and a few short fields. Past these the upload is refused
 * as it streams in, before any of it is kept. The parser counts a part's headers into its size, so the file's own
 * limit leaves room for them; the use case holds the file's bytes to `maxFileBytes` exactly.
 */
export const uploadLimits = {
  maxParts: 8,
  maxFieldSize: 64 * 1024,
  maxFileSize: maxFileBytes + 64 * 1024,
  maxTotalSize: maxFileBytes + 256 * 1024
} as const

const guarded = [errors.BadRequest, errors.Forbidden, errors.Unavailable] as const

/** An upload: one file in the form field `file` (SPEC.md §7 `media_upload` "with file"). */
export const UploadForm = Schema.Struct({ file: Multipart.SingleFileSchema }).pipe(
  HttpApiSchema.asMultipartStream(uploadLimits)
)

/** `POST media_upload/initial-singedurl`: what the signed URL will take. */
export class SignedUploadRequest extends Schema.Class<SignedUploadRequest>("SignedUploadRequest")({
  type: Schema.String,
  entity: Schema.String,
  fileName: Schema.String.check(Schema.isMaxLength(1000))
}) {}

/** A signed upload URL: `PUT` the file's bytes there before `expiresAt`, once. */
export class SignedUploadAnswer extends Schema.Class<SignedUploadAnswer>("SignedUploadAnswer")({
  signedUrl: Schema.String,
  expiresAt: Schema.String
}) {}

/**
 * SPEC.md §7 media routes: `POST media_upload/{type}/{entity}` (type `image`, `doc`, `pdf` or `any`; entity the kind
 * of document the file is for), `DELETE media_upload/?fileURL=` and the blob GET at each file's `fileURL`. Declared
 * without its middleware: Api.ts adds it behind Authentication.
 */
export class FilesGroup extends HttpApiGroup.make("files")
  .add(
    HttpApiEndpoint.delete("remove", "/media_upload/", {
      query: { fileURL: Schema.String },
      success: HttpApiSchema.NoContent,
      error: [...guarded, errors.NotFound, errors.Conflict, errors.Unprocessable]
    })
  )
  .add(
    HttpApiEndpoint.get("download", "/media_upload/:id", {
      params: { id: Uuid },
      query: { download: Schema.optional(Schema.String) },
      success: HttpApiSchema.StreamUint8Array(),
      error: [...guarded, errors.NotFound]
    }).annotate(
      OpenApi.Description,
      "The file's bytes, with the type they were found to be. Images and PDF files open in the browser unless " +
        "`download` is given; every other type is downloaded."
    )
  )
  .add(
    HttpApiEndpoint.post("signUpload", "/media_upload/initial-singedurl", {
      payload: SignedUploadRequest,
      success: SignedUploadAnswer,
      error: guarded
    }).annotate(
      OpenApi.Description,
      "A URL to `PUT` one file's bytes to, with its Content-Type, within 15 minutes and once; it needs no other " +
        "credential, so it is for the signed-in user's own client alone."
    )
  )
  .add(
    HttpApiEndpoint.post("upload", "/media_upload/:type/:entity", {
      params: { type: Schema.String, entity: Schema.String },
      payload: UploadForm,
      success: FileView,
      error: [...guarded, errors.Conflict, errors.Unprocessable]
    }).annotate(
      OpenApi.Description,
      `One file in the form field \`file\`, at most ${maxFileBytes} bytes (10 MiB). Its type is judged from its ` +
        "bytes against the kind in the path; it stays pending until a document of the kind named by `entity` " +
        "takes it, and is removed if none does within a day."
    )
  ) {}

/**
 * The `PUT` to a signed upload URL (SPEC.md §7 "PUT to a signed URL with file and content type"): the body is the
 * file's bytes, whatever its Content-Type, and the token in the path is the only credential, so this group sits
 * outside Authentication.
 */
export class SignedUploadsGroup extends HttpApiGroup.make("signedUploads").add(
  HttpApiEndpoint.put("put", "/media_upload/signed/:token", {
    params: { token: Schema.String },
    payload: HttpApiSchema.StreamUint8Array({
      contentType: ["application/octet-stream", ...new Set(Object.values(acceptedTypes).flat())],
      maxBytes: maxFileBytes
    }),
    success: FileView,
    error: [errors.BadRequest, errors.NotFound, errors.Unprocessable, errors.Conflict, errors.Unavailable]
  }).annotate(
    OpenApi.Description,
    `The file's bytes, at most ${maxFileBytes} (10 MiB), judged as a \`media_upload\` upload is; the URL is used once.`
  )
) {}
