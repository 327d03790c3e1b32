import { assert, describe, it } from "@effect/vitest"
import { Clock, Effect, Exit, Layer, Option, Stream } from "effect"
import { TestClock } from "effect/testing"
import { Actor } from "../identity/Actor.ts"
import type { UserId } from "../identity/User.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { AuditLog, type AuditEvent } from "../shared/AuditLog.ts"
import { Transactions } from "../shared/Transactions.ts"
import {
  layerMemoryFileRepository,
  layerMemoryFileStore,
  layerMemoryUploadGrants,
  layerSignatureInspector
} from "../testing/index.ts"
import { DocumentReaders } from "./DocumentReaders.ts"
import { FileStorageUnavailable } from "./FileErrors.ts"
import { FileRepository } from "./FileRepository.ts"
import { filePath, maxFileBytes, maxPendingUploads, unattachedLifetimeMs } from "./FileRules.ts"
import { FileStore } from "./FileStore.ts"
import { type UploadInput, Files } from "./Files.ts"
import { DocumentRef, type FileId } from "./StoredFile.ts"

const audit: Array<AuditEvent> = []
const AuditCapture = Layer.succeed(
  AuditLog,
  AuditLog.of({ record: (event) => Effect.sync(() => void audit.push(event)) })
)

const TestFiles = Files.layer.pipe(
  Layer.provideMerge(
    Layer.mergeAll(
      layerMemoryFileRepository,
      layerMemoryFileStore,
      layerSignatureInspector,
      layerMemoryUploadGrants,
      DocumentReaders.layer,
      Transactions.layerPassThrough,
      AuditCapture
    )
  )
)

const actorIn = (orgId: string = crypto.randomUUID()) =>
  new Actor({
    sessionId: "session",
    userId: crypto.randomUUID() as UserId,
    orgId: orgId as OrgId,
    email: "someone@example.test",
    displayName: "Someone",
    roles: ["org_basic_user"],
    privileges: []
  })

const text = (value: string) => new TextEncoder().encode(value)
const pdf = text("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF")
const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
const exe = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff])

const input = (bytes: Uint8Array, changes: Partial<UploadInput> = {}): UploadInput => ({
  kind: "doc",
  entity: "request",
  name: "quote.pdf",
  bytes,
  ...changes
})

const failureOf = <A, E>(exit: Exit.Exit<A, E>) =>
  Exit.isFailure(exit) ? (exit.cause.reasons[0] as { error?: { _tag?: string } } | undefined)?.error : undefined

const tagOf = <A, E>(exit: Exit.Exit<A, E>) => failureOf(exit)?._tag

const downloaded = (actor: Actor, id: string) =>
  Effect.gen(function* () {
    const files = yield* Files
    const opened = yield* files.open(actor, id)
    const chunks = [...(yield* Stream.runCollect(opened.content))]
    return new Uint8Array(chunks.flatMap((chunk) => [...chunk]))
  })

/** A reader for requests that lets `readers` read and `changers` change every request. */
const registerRequests = (readers: ReadonlyArray<Actor>, changers: ReadonlyArray<Actor>) =>
  Effect.flatMap(Effect.service(DocumentReaders), (registry) =>
    registry.register("request", {
      mayRead: (actor) => Effect.succeed(readers.some((r) => r.userId === actor.userId)),
      mayChange: (actor) => Effect.succeed(changers.some((c) => c.userId === actor.userId))
    })
  )

describe("Files", () => {
  it.layer(TestFiles)((it) => {
    it.effect("keeps an upload pending with the type its bytes show, for its uploader alone", () =>
      Effect.gen(function* () {
        const files = yield* Files
        const me = actorIn()
        const colleague = actorIn(me.orgId)
        const stranger = actorIn()
        const view = yield* files.upload(me, input(pdf, { name: "C:\\Users\\me\\Quote 7.pdf" }))
        assert.deepStrictEqual(
          [view.name, view.kind, view.entity, view.mime, view.size, view.attached],
          ["Quote 7.pdf", "DOC", "request", "application/pdf", pdf.length, false]
        )
        assert.strictEqual(view.fileURL, filePath(view.id))
        assert.match(view.sha256, /^[0-9a-f]{64}$/)
        assert.deepStrictEqual(yield* downloaded(me, view.id), pdf)
        assert.strictEqual(tagOf(yield* Effect.exit(files.open(colleague, view.id))), "FileNotFound")
        assert.strictEqual(tagOf(yield* Effect.exit(files.open(stranger, view.id))), "FileNotFound")
        assert.strictEqual(audit.at(-1)?.event, "file.uploaded")
        assert.strictEqual(audit.at(-1)?.detail["mime"], "application/pdf")
      })
    )

    it.effect("judges the type by the bytes: an executable named .pdf is refused under every kind", () =>
      Effect.gen(function* () {
        const files = yield* Files
        const me = actorIn()
        for (const kind of ["pdf", "doc", "any", "image"]) {
          const exit = yield* Effect.exit(files.upload(me, input(exe, { kind, name: "invoice.pdf" })))
          assert.deepStrictEqual(
            [kind, tagOf(exit), (failureOf(exit) as { detected?: string } | undefined)?.detected],
            [kind, "FileTypeNotAllowed", "application/x-msdownload"]
          )
        }
        const png_as_pdf = yield* Effect.exit(files.upload(me, input(png, { kind: "PDF", name: "scan.pdf" })))
        assert.strictEqual(tagOf(png_as_pdf), "FileTypeNotAllowed")
        const image = yield* files.upload(me, input(png, { kind: "image", name: "scan.pdf" }))
        assert.deepStrictEqual([image.kind, image.mime, image.name], ["IMAGE", "image/png", "scan.pdf"])
      })
    )

    it.effect("takes plain text as a document and refuses bytes of no known type", () =>
      Effect.gen(function* () {
        const files = yield* Files
        const me = actorIn()
        const csv = yield* files.upload(me, input(text("item,qty\nPaper A4,20\nقلم,5\n"), { name: "items.csv" }))
        assert.strictEqual(csv.mime, "text/plain")
        assert.strictEqual(
          tagOf(yield* Effect.exit(files.upload(me, input(text("a,b\n"), { kind: "pdf", name: "a.pdf" })))),
          "FileTypeNotAllowed"
        )
        const unknown = yield* Effect.exit(
          files.upload(me, input(Uint8Array.from([0, 1, 2, 250, 251]), { kind: "any" }))
        )
        assert.deepStrictEqual(
          [tagOf(unknown), (failureOf(unknown) as { detected?: string } | undefined)?.detected],
          ["FileTypeNotAllowed", "unknown"]
        )
      })
    )

    it.effect("holds every upload to the size limit, and asks for a kind, a document kind and some bytes", () =>
      Effect.gen(function* () {
        const files = yield* Files
        const me = actorIn()
        const largest = new Uint8Array(maxFileBytes)
        largest.set(pdf)
        assert.strictEqual((yield* files.upload(me, input(largest))).size, maxFileBytes)
        const over = new Uint8Array(maxFileBytes + 1)
        over.set(pdf)
        const exit = yield* Effect.exit(files.upload(me, input(over)))
        assert.deepStrictEqual(
          [tagOf(exit), (failureOf(exit) as { megabytes?: number }).megabytes],
          ["FileTooLarge", 10]
        )
        const refusals = [input(new Uint8Array(0)), input(pdf, { kind: "video" }), input(pdf, { entity: "spaceship" })]
        const fields = []
        for (const bad of refusals) {
          const refused = failureOf(yield* Effect.exit(files.upload(me, bad))) as { _tag: string; field: string }
          fields.push(`${refused._tag} ${refused.field}`)
        }
        assert.deepStrictEqual(fields, ["InvalidField file", "InvalidField type", "InvalidField entity"])
      })
    )

    it.effect("lets one user hold at most the pending limit, counting only what no document took", () =>
      Effect.gen(function* () {
        const files = yield* Files
        const me = actorIn()
        const first = yield* files.upload(me, input(pdf))
        for (let i = 1; i < maxPendingUploads; i++) yield* files.upload(me, input(pdf))
        assert.strictEqual(tagOf(yield* Effect.exit(files.upload(me, input(pdf)))), "PendingUploadsExceeded")
        assert.isTrue(Exit.isSuccess(yield* Effect.exit(files.upload(actorIn(me.orgId), input(pdf)))))
        yield* files.remove(me, first.fileURL)
        assert.isTrue(Exit.isSuccess(yield* Effect.exit(files.upload(me, input(pdf)))))
      })
    )

    it.effect("attaches the uploader's own pending files of the document's kind, and takes off those left out", () =>
      Effect.gen(function* () {
        const files = yield* Files
        const me = actorIn()
        const colleague = actorIn(me.orgId)
        const request = new DocumentRef({ kind: "request", id: crypto.randomUUID() })
        const a = yield* files.upload(me, input(pdf, { name: "a.pdf" }))
        const b = yield* files.upload(me, input(png, { kind: "image", name: "b.png" }))
        const attached = yield* files.setAttachments(me, request, [a.id, b.id, a.id])
        assert.deepStrictEqual(
          attached.map((f) => [f.name, f.attached]),
          [
            ["a.pdf", true],
            ["b.png", true]
          ]
        )
        const forProduct = yield* files.upload(me, input(pdf, { entity: "product" }))
        assert.strictEqual(
          tagOf(yield* Effect.exit(files.setAttachments(me, request, [a.id, forProduct.id]))),
          "FileNotAttachable"
        )
        const theirs = yield* files.upload(colleague, input(pdf))
        assert.strictEqual(tagOf(yield* Effect.exit(files.setAttachments(me, request, [theirs.id]))), "FileNotFound")
        const other = new DocumentRef({ kind: "request", id: crypto.randomUUID() })
        assert.strictEqual(tagOf(yield* Effect.exit(files.setAttachments(me, other, [a.id]))), "FileNotAttachable")
        const missing = crypto.randomUUID() as FileId
        assert.strictEqual(tagOf(yield* Effect.exit(files.setAttachments(me, request, [missing]))), "FileNotFound")

        const kept = yield* files.setAttachments(me, request, [b.id])
        assert.deepStrictEqual(
          kept.map((f) => f.name),
          ["b.png"]
        )
        assert.deepStrictEqual(
          (yield* files.attachments(me, request)).map((f) => f.id),
          [b.id]
        )
        assert.strictEqual(tagOf(yield* Effect.exit(files.open(me, a.id))), "FileNotFound", "a file taken off is gone")
        const tooMany = Array.from({ length: 51 }, () => crypto.randomUUID() as FileId)
        const refused = failureOf(yield* Effect.exit(files.setAttachments(me, request, tooMany))) as {
          field?: string
          problem?: string
        }
        assert.deepStrictEqual([refused.field, refused.problem], ["attachments", "tooMany"])
      })
    )

    it.effect("releases every file of a document that goes away, for the sweep to remove, and no other's", () =>
      Effect.gen(function* () {
        const files = yield* Files
        const me = actorIn()
        const going = new DocumentRef({ kind: "request", id: crypto.randomUUID() })
        const staying = new DocumentRef({ kind: "request", id: crypto.randomUUID() })
        const a = yield* files.upload(me, input(pdf, { name: "a.pdf" }))
        const b = yield* files.upload(me, input(pdf, { name: "b.pdf" }))
        const c = yield* files.upload(me, input(pdf, { name: "c.pdf" }))
        yield* files.setAttachments(me, going, [a.id, b.id])
        yield* files.setAttachments(me, staying, [c.id])
        assert.strictEqual(yield* files.release(me, going), 2)
        assert.deepStrictEqual(yield* files.attachments(me, going), [])
        assert.deepStrictEqual(
          (yield* files.attachments(me, staying)).map((f) => f.name),
          ["c.pdf"]
        )
        assert.strictEqual(yield* files.release(me, going), 0, "a second release finds nothing")
        const store = yield* FileStore
        const bytesOf = (id: string) => store.read(`${me.orgId}/${id}`)
        assert.isTrue(Option.isSome(yield* bytesOf(a.id)), "the bytes wait for the sweep")
        yield* files.sweep()
        assert.deepStrictEqual(
          [
            Option.isNone(yield* bytesOf(a.id)),
            Option.isNone(yield* bytesOf(b.id)),
            Option.isSome(yield* bytesOf(c.id))
          ],
          [true, true, true]
        )
      })
    )

    it.effect("opens an attached file to whoever its document's module lets read it, and to nobody without one", () =>
      Effect.gen(function* () {
        const files = yield* Files
        const me = actorIn()
        const reader = actorIn(me.orgId)
        const outsider = actorIn(me.orgId)
        const product = new DocumentRef({ kind: "product", id: crypto.randomUUID() })
        const manual = yield* files.upload(me, input(pdf, { entity: "product" }))
        yield* files.setAttachments(me, product, [manual.id])
        assert.strictEqual(
          tagOf(yield* Effect.exit(files.open(me, manual.id))),
          "FileNotFound",
          "no module reads products yet: nobody downloads their files"
        )

        const request = new DocumentRef({ kind: "request", id: crypto.randomUUID() })
        const quote = yield* files.upload(me, input(pdf))
        yield* files.setAttachments(me, request, [quote.id])
        yield* registerRequests([me, reader], [me])
        assert.deepStrictEqual(yield* downloaded(reader, quote.id), pdf)
        assert.strictEqual(tagOf(yield* Effect.exit(files.open(outsider, quote.id))), "FileNotFound")
        assert.strictEqual(tagOf(yield* Effect.exit(files.open(actorIn(), quote.id))), "FileNotFound")

        assert.strictEqual(tagOf(yield* Effect.exit(files.remove(reader, quote.fileURL))), "FileNotRemovable")
        assert.strictEqual(tagOf(yield* Effect.exit(files.remove(outsider, quote.fileURL))), "FileNotFound")
        yield* files.remove(me, `https://tawreed.example${quote.fileURL}`)
        assert.deepStrictEqual(yield* files.attachments(me, request), [])
        assert.strictEqual(tagOf(yield* Effect.exit(files.open(reader, quote.id))), "FileNotFound")
        assert.strictEqual(audit.at(-1)?.event, "file.removed")
        assert.strictEqual(audit.at(-1)?.detail["document"], `request/${request.id}`)
      })
    )

    it.effect("removes by any form of the file's URL, its bytes at once, and refuses what names no file", () =>
      Effect.gen(function* () {
        const files = yield* Files
        const store = yield* FileStore
        const repository = yield* FileRepository
        const me = actorIn()
        for (const form of [
          (id: string) => filePath(id),
          (id: string) => id.toUpperCase(),
          (id: string) => `${filePath(id)}?x=1`
        ]) {
          const view = yield* files.upload(me, input(pdf))
          const key = Option.getOrThrow(yield* repository.find(me.orgId, view.id)).storageKey
          yield* files.remove(me, form(view.id))
          assert.isTrue(Option.isNone(yield* store.read(key)))
          assert.isTrue(Option.isNone(yield* repository.find(me.orgId, view.id)))
          assert.strictEqual(tagOf(yield* Effect.exit(files.remove(me, view.fileURL))), "FileNotFound")
        }
        for (const bad of ["", "../../etc/passwd", "/api/media_upload/123", "https://elsewhere.example/x.pdf"]) {
          const refused = failureOf(yield* Effect.exit(files.remove(me, bad))) as { _tag?: string; field?: string }
          assert.deepStrictEqual([bad, refused._tag, refused.field], [bad, "InvalidField", "fileURL"])
        }
      })
    )

    it.effect("takes one file through a signed upload URL, once, within its time, for the user it was issued to", () =>
      Effect.gen(function* () {
        const files = yield* Files
        const me = actorIn()
        const signed = yield* files.signUpload(me, { type: "pdf", entity: "bill", fileName: "C:\\scan\\invoice.pdf" })
        assert.match(signed.signedUrl, /^\/api\/media_upload\/signed\/[0-9a-f]{64}$/)
        const token = signed.signedUrl.split("/").pop()!
        const view = yield* files.uploadSigned(token, pdf)
        assert.deepStrictEqual(
          [view.name, view.kind, view.entity, view.mime],
          ["invoice.pdf", "PDF", "bill", "application/pdf"]
        )
        assert.deepStrictEqual(yield* downloaded(me, view.id), pdf, "the file is its requester's")
        assert.strictEqual(tagOf(yield* Effect.exit(files.uploadSigned(token, pdf))), "UploadGrantInvalid")
        assert.strictEqual(tagOf(yield* Effect.exit(files.uploadSigned("nonsense", pdf))), "UploadGrantInvalid")

        const forExe = yield* files.signUpload(me, { type: "pdf", entity: "bill", fileName: "invoice.pdf" })
        const refused = yield* Effect.exit(files.uploadSigned(forExe.signedUrl.split("/").pop()!, exe))
        assert.strictEqual(tagOf(refused), "FileTypeNotAllowed", "the bytes are judged when they come")

        const late = yield* files.signUpload(me, { type: "any", entity: "request", fileName: "late.pdf" })
        yield* TestClock.adjust("16 minutes")
        assert.strictEqual(
          tagOf(yield* Effect.exit(files.uploadSigned(late.signedUrl.split("/").pop()!, pdf))),
          "UploadGrantInvalid"
        )
        const bad = failureOf(
          yield* Effect.exit(files.signUpload(me, { type: "video", entity: "bill", fileName: "x" }))
        )
        assert.deepStrictEqual((bad as { field?: string }).field, "type")
      })
    )

    it.effect("sweeps uploads no document took within a day and files taken off, and leaves the rest", () =>
      Effect.gen(function* () {
        const files = yield* Files
        const store = yield* FileStore
        const repository = yield* FileRepository
        const me = actorIn()
        const request = new DocumentRef({ kind: "request", id: crypto.randomUUID() })
        const forgotten = yield* files.upload(me, input(pdf))
        const kept = yield* files.upload(me, input(pdf))
        const takenOff = yield* files.upload(me, input(pdf))
        yield* files.setAttachments(me, request, [kept.id, takenOff.id])
        yield* files.setAttachments(me, request, [kept.id])
        const keyOf = (id: string) => Effect.map(repository.find(me.orgId, id), (f) => Option.getOrThrow(f).storageKey)
        const forgottenKey = yield* keyOf(forgotten.id)
        const takenOffKey = yield* keyOf(takenOff.id)

        const now = yield* Clock.currentTimeMillis
        const soon = yield* files.sweep(new Date(now + 60_000))
        assert.isAtLeast(soon, 1)
        assert.isTrue(Option.isNone(yield* store.read(takenOffKey)), "a file taken off goes with the next sweep")
        assert.isTrue(Option.isSome(yield* store.read(forgottenKey)), "a pending upload has a day")

        yield* files.sweep(new Date(now + unattachedLifetimeMs + 60_000))
        assert.isTrue(Option.isNone(yield* store.read(forgottenKey)))
        assert.isTrue(Option.isNone(yield* repository.find(me.orgId, forgotten.id)))
        assert.deepStrictEqual(
          (yield* files.attachments(me, request)).map((f) => f.id),
          [kept.id]
        )
      })
    )
  })

  it.effect("keeps no record of an upload whose bytes could not be written", () =>
    Effect.gen(function* () {
      const files = yield* Files
      const me = actorIn()
      const exit = yield* Effect.exit(files.upload(me, input(pdf)))
      assert.strictEqual(tagOf(exit), "FileStorageUnavailable")
      // The failed upload does not count against the user's pending uploads.
      const repository = yield* FileRepository
      for (let i = 0; i < maxPendingUploads; i++) {
        const inserted = yield* repository.insertPending(
          me.orgId,
          {
            uploaderId: me.userId,
            kind: "DOC",
            entity: "request",
            name: "x.pdf",
            mime: "application/pdf",
            size: 1,
            sha256: ""
          },
          maxPendingUploads
        )
        assert.isTrue(Option.isSome(inserted), `upload ${i + 1}`)
      }
    }).pipe(
      Effect.provide(
        Files.layer.pipe(
          Layer.provideMerge(
            Layer.mergeAll(
              layerMemoryFileRepository,
              Layer.succeed(
                FileStore,
                FileStore.of({
                  write: () => Effect.fail(new FileStorageUnavailable({ operation: "write" })),
                  read: () => Effect.succeed(Option.none()),
                  remove: () => Effect.void
                })
              ),
              layerSignatureInspector,
              layerMemoryUploadGrants,
              DocumentReaders.layer,
              Transactions.layerPassThrough,
              AuditCapture
            )
          )
        )
      )
    )
  )
})
