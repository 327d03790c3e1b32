import { assert, layer } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { FileRepository, type NewFile } from "../../files/FileRepository.ts"
import { DocumentRef, type FileId, storageKeyOf } from "../../files/StoredFile.ts"
import type { UserId } from "../../identity/User.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { inOrg, type Transactions } from "../../shared/Transactions.ts"
import { Fixtures } from "../Fixtures.ts"

const upload = (uploaderId: string, changes: Partial<NewFile> = {}): NewFile => ({
  uploaderId: uploaderId as UserId,
  kind: "DOC",
  entity: "request",
  name: "quote.pdf",
  mime: "application/pdf",
  size: 1234,
  sha256: "a".repeat(64),
  ...changes
})

const someone = Effect.gen(function* () {
  const user = yield* (yield* Fixtures).newRecipient
  return { orgId: user.orgId as OrgId, userId: user.userId as string }
})

const inserted = (orgId: OrgId, file: NewFile) =>
  Effect.gen(function* () {
    const repository = yield* FileRepository
    return Option.getOrThrow(yield* inOrg(orgId, repository.insertPending(orgId, file, 50)))
  })

/** The behaviour every FileRepository adapter must show; each adapter's test file runs it. */
export const suite = (name: string, storage: Layer.Layer<FileRepository | Fixtures | Transactions, unknown>) =>
  layer(storage, { timeout: 120_000 })(`FileRepository contract: ${name}`, (it) => {
    it.effect("records a pending upload with a new id and its storage key, and finds it in its organisation only", () =>
      Effect.gen(function* () {
        const repository = yield* FileRepository
        const me = yield* someone
        const other = yield* someone
        const file = yield* inserted(me.orgId, upload(me.userId, { name: "تسعيرة.pdf" }))
        assert.strictEqual(file.storageKey, storageKeyOf(me.orgId, file.id))
        assert.deepStrictEqual(
          [file.name, file.kind, file.entity, file.mime, file.size, file.document, file.removedAt],
          ["تسعيرة.pdf", "DOC", "request", "application/pdf", 1234, null, null]
        )
        const found = Option.getOrThrow(yield* repository.find(me.orgId, file.id))
        assert.deepStrictEqual([found.id, found.uploaderId, found.sha256], [file.id, me.userId, "a".repeat(64)])
        assert.isTrue(Option.isSome(yield* repository.find(me.orgId, file.id.toUpperCase())))
        assert.isTrue(Option.isNone(yield* repository.find(other.orgId, file.id)), "another organisation sees it")
        assert.isTrue(Option.isNone(yield* repository.find(me.orgId, crypto.randomUUID())))
        assert.isTrue(Option.isNone(yield* repository.find(me.orgId, "not-an-id")))
      })
    )

    it.effect("refuses a pending upload past the uploader's limit, counting only their pending files", () =>
      Effect.gen(function* () {
        const repository = yield* FileRepository
        const me = yield* someone
        const colleague = yield* (yield* Fixtures).newColleague({ orgId: me.orgId, userId: me.userId as UserId })
        const first = yield* inOrg(me.orgId, repository.insertPending(me.orgId, upload(me.userId), 2))
        yield* inOrg(me.orgId, repository.insertPending(me.orgId, upload(me.userId), 2))
        assert.isTrue(Option.isNone(yield* inOrg(me.orgId, repository.insertPending(me.orgId, upload(me.userId), 2))))
        assert.isTrue(
          Option.isSome(yield* inOrg(me.orgId, repository.insertPending(me.orgId, upload(colleague.userId), 2))),
          "a colleague's count is their own"
        )
        const document = new DocumentRef({ kind: "request", id: crypto.randomUUID() })
        yield* inOrg(me.orgId, repository.attach(me.orgId, Option.getOrThrow(first).id, me.userId as UserId, document))
        assert.isTrue(
          Option.isSome(yield* inOrg(me.orgId, repository.insertPending(me.orgId, upload(me.userId), 2))),
          "an attached file no longer counts"
        )
      })
    )

    it.effect(
      "attaches only a pending file of the uploader for the document's kind, and lists it on the document",
      () =>
        Effect.gen(function* () {
          const repository = yield* FileRepository
          const me = yield* someone
          const colleague = yield* (yield* Fixtures).newColleague({ orgId: me.orgId, userId: me.userId as UserId })
          const document = new DocumentRef({ kind: "request", id: crypto.randomUUID() })
          const a = yield* inserted(me.orgId, upload(me.userId, { name: "a.pdf" }))
          const b = yield* inserted(me.orgId, upload(me.userId, { name: "b.pdf" }))
          const forProduct = yield* inserted(me.orgId, upload(me.userId, { entity: "product" }))
          const theirs = yield* inserted(me.orgId, upload(colleague.userId))
          const uploader = me.userId as UserId
          const attached = yield* inOrg(me.orgId, repository.attach(me.orgId, b.id, uploader, document))
          assert.deepStrictEqual(Option.getOrThrow(attached).document, document)
          yield* inOrg(me.orgId, repository.attach(me.orgId, a.id, uploader, document))
          assert.isTrue(
            Option.isNone(yield* inOrg(me.orgId, repository.attach(me.orgId, forProduct.id, uploader, document)))
          )
          assert.isTrue(
            Option.isNone(yield* inOrg(me.orgId, repository.attach(me.orgId, theirs.id, uploader, document)))
          )
          const elsewhere = new DocumentRef({ kind: "request", id: crypto.randomUUID() })
          assert.isTrue(
            Option.isNone(yield* inOrg(me.orgId, repository.attach(me.orgId, a.id, uploader, elsewhere))),
            "a file attached elsewhere stays there"
          )
          const listed = yield* repository.attachedTo(me.orgId, document)
          assert.deepStrictEqual(
            listed.map((f) => f.name),
            ["a.pdf", "b.pdf"]
          )
          assert.deepStrictEqual(yield* repository.attachedTo(me.orgId, elsewhere), [])
          const other = yield* someone
          assert.deepStrictEqual(yield* repository.attachedTo(other.orgId, document), [])
        })
    )

    it.effect("marks a file removed once, off its document, and forgets it only once removed", () =>
      Effect.gen(function* () {
        const repository = yield* FileRepository
        const me = yield* someone
        const document = new DocumentRef({ kind: "bill", id: crypto.randomUUID() })
        const file = yield* inserted(me.orgId, upload(me.userId, { entity: "bill" }))
        yield* inOrg(me.orgId, repository.attach(me.orgId, file.id, me.userId as UserId, document))
        const other = yield* someone
        assert.isTrue(Option.isNone(yield* inOrg(other.orgId, repository.markRemoved(other.orgId, file.id))))
        const removed = Option.getOrThrow(yield* inOrg(me.orgId, repository.markRemoved(me.orgId, file.id)))
        assert.isNotNull(removed.removedAt)
        assert.isNull(removed.document)
        assert.isTrue(Option.isNone(yield* inOrg(me.orgId, repository.markRemoved(me.orgId, file.id))))
        assert.deepStrictEqual(yield* repository.attachedTo(me.orgId, document), [])
        const kept = yield* inserted(me.orgId, upload(me.userId))
        yield* inOrg(me.orgId, repository.forget(me.orgId, kept.id))
        assert.isTrue(Option.isSome(yield* repository.find(me.orgId, kept.id)), "a live file is not forgotten")
        yield* inOrg(me.orgId, repository.forget(me.orgId, file.id))
        assert.isTrue(Option.isNone(yield* repository.find(me.orgId, file.id)))
      })
    )

    it.effect("lists for the sweep, across organisations, removed files and pending ones older than the cut-off", () =>
      Effect.gen(function* () {
        const repository = yield* FileRepository
        const me = yield* someone
        const other = yield* someone
        const old = yield* inserted(me.orgId, upload(me.userId))
        const theirs = yield* inserted(other.orgId, upload(other.userId))
        const removed = yield* inserted(other.orgId, upload(other.userId))
        yield* inOrg(other.orgId, repository.markRemoved(other.orgId, removed.id))
        const document = new DocumentRef({ kind: "request", id: crypto.randomUUID() })
        const attached = yield* inserted(me.orgId, upload(me.userId))
        yield* inOrg(me.orgId, repository.attach(me.orgId, attached.id, me.userId as UserId, document))
        const before = (file: { readonly createdAt: string }) => new Date(new Date(file.createdAt).getTime() - 1000)
        const after = new Date(Date.now() + 60_000)

        const early = (yield* repository.sweepable(before(old), 10_000)).map((f) => f.id)
        assert.include(early, removed.id, "a removed file goes whatever its age")
        assert.notInclude(early, old.id, "a pending file younger than the cut-off stays")

        const late = yield* repository.sweepable(after, 10_000)
        const ids = late.map((f) => f.id)
        for (const id of [old.id, theirs.id, removed.id]) assert.include(ids, id)
        assert.notInclude(ids, attached.id, "an attached file stays")
        const listed = late.find((f) => f.id === theirs.id)!
        assert.deepStrictEqual([listed.orgId, listed.storageKey], [other.orgId, theirs.storageKey])

        assert.isFalse(yield* inOrg(me.orgId, repository.claimForSweep(me.orgId, old.id, before(old))))
        assert.isFalse(yield* inOrg(me.orgId, repository.claimForSweep(me.orgId, attached.id, after)))
        assert.isTrue(yield* inOrg(me.orgId, repository.claimForSweep(me.orgId, old.id, after)))
        assert.isNotNull(Option.getOrThrow(yield* repository.find(me.orgId, old.id)).removedAt)
        assert.isTrue(yield* inOrg(other.orgId, repository.claimForSweep(other.orgId, removed.id, before(removed))))
        assert.isFalse(yield* inOrg(me.orgId, repository.claimForSweep(me.orgId, crypto.randomUUID() as FileId, after)))
      })
    )
  })
