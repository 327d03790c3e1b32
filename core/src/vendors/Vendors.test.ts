import { assert, layer } from "@effect/vitest"
import { Effect, Exit, Layer, Option } from "effect"
import { TestClock } from "effect/testing"
import { describeError } from "../shared/ErrorCatalogue.ts"
import { layerMemoryRequestsWorld, requestsWorldActor } from "../testing/memory/MemoryRequestsWorld.ts"
import { layerMemoryVendorChanges } from "../testing/memory/MemoryVendorChanges.ts"
import { Approvals } from "../approvals/Approvals.ts"
import { ApprovalCriteria, Workflow, WorkflowLevel } from "../approvals/Workflow.ts"
import { VendorRepository } from "./VendorRepository.ts"
import { VendorChangeReviewInput, VendorChangeRule } from "./VendorChange.ts"
import { layerMemoryVendors } from "../testing/memory/MemoryVendors.ts"
import { NewVendorInput, VendorHoldInput, VendorStatusInput, VendorUpdateInput } from "./Vendor.ts"
import { Vendors } from "./Vendors.ts"
import { vendorAttachmentsRegistration } from "./VendorAttachments.ts"
import { DocumentReaders } from "../files/DocumentReaders.ts"
import { Files } from "../files/Files.ts"
import { DocumentRef } from "../files/StoredFile.ts"

const world = vendorAttachmentsRegistration.pipe(
  Layer.provideMerge(Vendors.layer),
  Layer.provideMerge(Layer.mergeAll(layerMemoryVendors, layerMemoryVendorChanges)),
  Layer.provideMerge(layerMemoryRequestsWorld)
)

const failure = <A, E>(exit: Exit.Exit<A, E>) => {
  if (Exit.isSuccess(exit)) return { tag: "success", en: "", ar: "" }
  const error = (exit.cause.reasons[0] as { error?: unknown } | undefined)?.error
  const tag = (error as { _tag?: string } | undefined)?._tag ?? "defect"
  return { tag, en: describeError(error, "en").message, ar: describeError(error, "ar").message }
}

const sahara = new NewVendorInput({
  nameEn: "Sahara Supplies",
  nameAr: "توريدات الصحراء",
  crNumber: "1010 123 456",
  vatNumber: "300000000000003",
  bankAccounts: [{ bankName: "Al Rajhi", iban: "SA03 8000 0000 6080 1016 7519" }],
  contacts: [{ name: "Noura", email: "noura@sahara.example" }],
  categories: ["stationery"],
  documents: [{ kind: "CR", number: "1010123456", expiresOn: "2099-12-31" }]
})

layer(world, { timeout: 60_000 })("Vendors", (it) => {
  it.effect("records a vendor with its numbers compact, lists it, and finds it by CR or VAT number", () =>
    Effect.gen(function* () {
      const vendors = yield* Vendors
      const admin = yield* requestsWorldActor(["org_super_user"])
      const made = yield* vendors.create(admin, sahara)
      assert.strictEqual(made.number, "VEN-000001")
      assert.strictEqual(made.crNumber, "1010123456")
      assert.strictEqual(made.bankAccounts[0]!.iban, "SA0380000000608010167519")
      assert.strictEqual(made.status, "VENDOR_ACTIVE")
      assert.isTrue(made.contacts[0]!.primary)
      const page = yield* vendors.list(admin, { search: "123456" })
      assert.deepStrictEqual(
        page.vendors.map((v) => v.id),
        [made.id]
      )
      assert.strictEqual(page.totalCount, 1)
      const picker = yield* vendors.list(admin, { limit: 9999, onlyActive: true })
      assert.strictEqual(picker.totalCount, 1)
    })
  )

  it.effect(
    "refuses a mistyped IBAN, VAT or CR number with the catalogue's words, and a second vendor with the same CR",
    () =>
      Effect.gen(function* () {
        const vendors = yield* Vendors
        const admin = yield* requestsWorldActor(["org_super_user"])
        const iban = failure(
          yield* Effect.exit(
            vendors.create(
              admin,
              new NewVendorInput({ nameEn: "X", bankAccounts: [{ iban: "SA0380000000608010167518" }] })
            )
          )
        )
        assert.strictEqual(iban.tag, "VendorIbanInvalid")
        assert.include(iban.en, "SA0380000000608010167518")
        assert.include(iban.en, "is not valid")
        const vat = failure(
          yield* Effect.exit(vendors.create(admin, new NewVendorInput({ nameEn: "X", vatNumber: "123" })))
        )
        assert.strictEqual(vat.tag, "VendorVatNumberInvalid")
        assert.include(vat.ar, "الرقم الضريبي")
        const cr = failure(
          yield* Effect.exit(vendors.create(admin, new NewVendorInput({ nameEn: "X", crNumber: "12345" })))
        )
        assert.strictEqual(cr.tag, "VendorCrNumberInvalid")
        const foreign = yield* vendors.create(
          admin,
          new NewVendorInput({
            nameEn: "London Paper Ltd",
            country: "GB",
            crNumber: "01234567",
            vatNumber: "GB123456789"
          })
        )
        assert.strictEqual(foreign.country, "GB")
        yield* vendors.create(admin, sahara)
        const twice = failure(yield* Effect.exit(vendors.create(admin, sahara)))
        assert.strictEqual(twice.tag, "VendorCrNumberTaken")
        assert.include(twice.en, "Sahara Supplies")
        const unnamed = failure(yield* Effect.exit(vendors.create(admin, new NewVendorInput({}))))
        assert.strictEqual(unnamed.tag, "InvalidField")
      })
  )

  it.effect("updates at the version read, deactivates, and reads expired once a required document lapses", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.UTC(2026, 2, 1))
      const vendors = yield* Vendors
      const admin = yield* requestsWorldActor(["org_super_user"])
      const made = yield* vendors.create(admin, sahara)
      const lapsed = yield* vendors.update(
        admin,
        new VendorUpdateInput({
          id: made.id,
          version: made.version,
          documents: [{ kind: "VAT_CERTIFICATE", expiresOn: "2020-01-01" }]
        })
      )
      assert.strictEqual(lapsed.status, "VENDOR_EXPIRED")
      const stale = failure(
        yield* Effect.exit(vendors.update(admin, new VendorUpdateInput({ id: made.id, version: 1 })))
      )
      assert.strictEqual(stale.tag, "VersionConflict")
      const off = yield* vendors.setStatus(admin, made.id, new VendorStatusInput({ status: "VENDOR_INACTIVE" }))
      assert.strictEqual(off.status, "VENDOR_INACTIVE")
      const counts = yield* vendors.list(admin, { statuses: ["VENDOR_INACTIVE"] })
      assert.strictEqual(counts.totalCount, 1)
    })
  )

  it.effect("puts a vendor on hold for payments and releases it; a release date must not be past", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.UTC(2026, 2, 1))
      const vendors = yield* Vendors
      const admin = yield* requestsWorldActor(["org_super_user"])
      const made = yield* vendors.create(admin, sahara)
      const held = yield* vendors.hold(
        admin,
        made.id,
        new VendorHoldInput({ scope: "PAYMENTS", reason: "Bank letter" })
      )
      assert.strictEqual(held.hold?.scope, "PAYMENTS")
      const past = failure(
        yield* Effect.exit(
          vendors.hold(admin, made.id, new VendorHoldInput({ scope: "ALL", releaseDate: "2020-01-01" }))
        )
      )
      assert.strictEqual(past.tag, "InvalidField")
      const released = yield* vendors.release(admin, made.id, {})
      assert.isNull(released.hold)
      const again = failure(yield* Effect.exit(vendors.release(admin, made.id, {})))
      assert.strictEqual(again.tag, "VendorNotOnHold")
    })
  )

  it.effect("keeps vendors from a user without the vendor privileges", () =>
    Effect.gen(function* () {
      const vendors = yield* Vendors
      const basic = yield* requestsWorldActor(["org_basic_user"])
      assert.strictEqual(failure(yield* Effect.exit(vendors.list(basic, {}))).tag, "InsufficientPrivileges")
      assert.strictEqual(failure(yield* Effect.exit(vendors.create(basic, sahara))).tag, "InsufficientPrivileges")
    })
  )

  it.effect(
    "keeps a vendor's document files as its attachments, readable by vendor readers, changed by its editors",
    () =>
      Effect.gen(function* () {
        const vendors = yield* Vendors
        const files = yield* Files
        const readers = yield* DocumentReaders
        const admin = yield* requestsWorldActor(["org_super_user"])
        const buyer = yield* requestsWorldActor(["org_basic_user"], admin)
        const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF")
        const upload = (name: string, entity: "vendor" | "request" = "vendor") =>
          files.upload(admin, { kind: "doc", entity, name, bytes: pdf })
        const cr = yield* upload("cr.pdf")
        const made = yield* vendors.create(
          admin,
          new NewVendorInput({
            nameEn: "Files Co",
            documents: [{ kind: "CR", number: "1010999999", expiresOn: "2099-01-01", fileId: cr.id }]
          })
        )
        const ref = new DocumentRef({ kind: "vendor", id: made.id })
        assert.deepStrictEqual(
          (yield* files.attachments(admin, ref)).map((f) => [f.name, f.attached]),
          [["cr.pdf", true]]
        )
        const reader = Option.getOrThrow(yield* readers.find("vendor"))
        assert.deepStrictEqual(
          [yield* reader.mayRead(admin, made.id), yield* reader.mayChange(admin, made.id)],
          [true, true]
        )
        assert.deepStrictEqual(
          [yield* reader.mayRead(buyer, made.id), yield* reader.mayChange(buyer, made.id)],
          [false, false]
        )

        // Renewed: the new certificate replaces the old file; a file uploaded for a request is refused.
        const renewed = yield* upload("cr-2027.pdf")
        const saved = yield* vendors.update(
          admin,
          new VendorUpdateInput({
            id: made.id,
            version: made.version,
            documents: [{ kind: "CR", number: "1010999999", expiresOn: "2100-01-01", fileId: renewed.id }]
          })
        )
        assert.deepStrictEqual(
          (yield* files.attachments(admin, ref)).map((f) => f.name),
          ["cr-2027.pdf"]
        )
        const other = yield* upload("quote.pdf", "request")
        const refused = yield* Effect.exit(
          vendors.update(
            admin,
            new VendorUpdateInput({
              id: made.id,
              version: saved.version,
              documents: [{ kind: "VAT_CERTIFICATE", expiresOn: null, fileId: other.id }]
            })
          )
        )
        assert.strictEqual(failure(refused).tag, "FileNotAttachable")
        // A change that leaves the documents alone leaves the files alone.
        yield* vendors.update(admin, new VendorUpdateInput({ id: made.id, version: saved.version, remarks: "ok" }))
        assert.strictEqual((yield* files.attachments(admin, ref)).length, 1)
      })
  )

  it.effect(
    "sends a connected vendor's bank change to review, applies it on approval, and discards it on rejection",
    () =>
      Effect.gen(function* () {
        const vendors = yield* Vendors
        const approvals = yield* Approvals
        const admin = yield* requestsWorldActor(["org_super_user"])
        const reviewer = yield* requestsWorldActor(["org_super_user"], admin)
        yield* approvals.saveWorkflow(
          admin,
          new Workflow({
            id: crypto.randomUUID(),
            workspaceId: null,
            kind: "vendor_change",
            levels: [
              new WorkflowLevel({
                level: 1,
                name: "Finance",
                approvers: [{ type: "USER", userId: reviewer.userId }],
                mode: "ONE",
                criteria: new ApprovalCriteria({})
              })
            ],
            version: 0
          }),
          0
        )
        const made = yield* vendors.create(admin, sahara)
        // A vendor the buyer keeps on its own changes at once.
        const own = yield* vendors.update(
          admin,
          new VendorUpdateInput({
            id: made.id,
            version: made.version,
            bankAccounts: [{ iban: "GB82 WEST 1234 5698 7654 32" }]
          })
        )
        assert.strictEqual(own.bankAccounts[0]!.iban, "GB82WEST12345698765432")
        yield* (yield* VendorRepository).connect(admin.orgId, made.id, crypto.randomUUID())

        const proposed = yield* vendors.update(
          admin,
          new VendorUpdateInput({
            id: made.id,
            version: own.version,
            bankAccounts: [{ iban: "SA03 8000 0000 6080 1016 7519" }],
            remarks: "applies now"
          })
        )
        assert.strictEqual(proposed.bankAccounts[0]!.iban, "GB82WEST12345698765432")
        assert.strictEqual(proposed.remarks, "applies now")
        const listed = yield* vendors.changes(admin, made.id)
        const pending = listed.pending!
        assert.deepStrictEqual(pending.fields, ["bankAccounts"])
        assert.strictEqual(pending.after.bankAccounts[0]!.iban, "SA0380000000608010167519")
        assert.strictEqual(pending.vendorVersion, proposed.version)

        // One pending change at a time; the proposer may not approve it.
        const second = failure(
          yield* Effect.exit(
            vendors.update(
              admin,
              new VendorUpdateInput({ id: made.id, version: proposed.version, nameEn: "Sahara Trading" })
            )
          )
        )
        assert.strictEqual(second.tag, "VendorChangePending")
        assert.include(second.en, "Sahara Supplies")
        const self = failure(
          yield* Effect.exit(
            vendors.reviewChange(admin, pending.id, new VendorChangeReviewInput({ action: "approve" }))
          )
        )
        assert.notStrictEqual(self.tag, "success")

        const approved = yield* vendors.reviewChange(
          reviewer,
          pending.id,
          new VendorChangeReviewInput({ action: "approve", remark: "Bank letter checked" })
        )
        assert.strictEqual(approved.status, "APPROVED")
        const applied = yield* vendors.get(admin, made.id)
        assert.strictEqual(applied.bankAccounts[0]!.iban, "SA0380000000608010167519")
        assert.strictEqual(applied.version, proposed.version + 1)
        const twice = failure(
          yield* Effect.exit(
            vendors.reviewChange(reviewer, pending.id, new VendorChangeReviewInput({ action: "approve" }))
          )
        )
        assert.strictEqual(twice.tag, "VendorChangeNotPending")

        // Rejected: discarded, the vendor keeps its name.
        yield* vendors.update(
          admin,
          new VendorUpdateInput({ id: made.id, version: applied.version, nameEn: "Sahara Trading" })
        )
        const renaming = (yield* vendors.changes(admin, made.id)).pending!
        const rejected = yield* vendors.reviewChange(
          reviewer,
          renaming.id,
          new VendorChangeReviewInput({ action: "reject", remark: "No CR amendment" })
        )
        assert.strictEqual(rejected.status, "REJECTED")
        assert.strictEqual(rejected.remark, "No CR amendment")
        assert.strictEqual((yield* vendors.get(admin, made.id)).name.en, "Sahara Supplies")

        // Stale: the vendor moved after the change was proposed.
        const before = yield* vendors.get(admin, made.id)
        yield* vendors.update(
          admin,
          new VendorUpdateInput({ id: made.id, version: before.version, crNumber: "1010654321" })
        )
        const moving = (yield* vendors.changes(admin, made.id)).pending!
        yield* vendors.hold(admin, made.id, new VendorHoldInput({ scope: "PAYMENTS" }))
        const stale = failure(
          yield* Effect.exit(
            vendors.reviewChange(reviewer, moving.id, new VendorChangeReviewInput({ action: "approve" }))
          )
        )
        assert.strictEqual(stale.tag, "VendorChangeStale")
        assert.include(stale.ar, "توريدات الصحراء")
        const withdrawn = yield* vendors.withdrawChange(admin, moving.id, { remark: "typo" })
        assert.strictEqual(withdrawn.status, "WITHDRAWN")
        assert.isNull((yield* vendors.changes(admin, made.id)).pending)
        const timeline = yield* vendors.changeTimeline(admin, moving.id)
        assert.deepStrictEqual(
          timeline.map((e) => e.action),
          ["SUBMIT", "WITHDRAW"]
        )
      })
  )

  it.effect(
    "with the onboarding rule off, applies a connected vendor's new name at once and still reviews its bank",
    () =>
      Effect.gen(function* () {
        const vendors = yield* Vendors
        const admin = yield* requestsWorldActor(["org_super_user"])
        const made = yield* vendors.create(admin, sahara)
        yield* (yield* VendorRepository).connect(admin.orgId, made.id, crypto.randomUUID())
        assert.isTrue((yield* vendors.changeRule(admin)).reviewAllKeyFields)
        yield* vendors.saveChangeRule(admin, new VendorChangeRule({ reviewAllKeyFields: false }))
        const renamed = yield* vendors.update(
          admin,
          new VendorUpdateInput({
            id: made.id,
            version: made.version,
            nameEn: "Sahara Trading",
            bankAccounts: [{ iban: "GB82 WEST 1234 5698 7654 32" }]
          })
        )
        assert.strictEqual(renamed.name.en, "Sahara Trading")
        assert.strictEqual(renamed.bankAccounts[0]!.iban, "GB82WEST12345698765432")
        // No workflow for vendor changes: the engine approves at once, and the change applies in the same command.
        const after = yield* vendors.get(admin, made.id)
        assert.strictEqual(after.bankAccounts[0]!.iban, "GB82WEST12345698765432")
        const listed = yield* vendors.changes(admin, made.id)
        assert.isNull(listed.pending)
        assert.deepStrictEqual(
          listed.recent.map((c) => [c.status, c.fields]),
          [["APPROVED", ["bankAccounts"]]]
        )
        const basic = yield* requestsWorldActor(["org_basic_user"], admin)
        const refused = failure(
          yield* Effect.exit(vendors.saveChangeRule(basic, new VendorChangeRule({ reviewAllKeyFields: true })))
        )
        assert.strictEqual(refused.tag, "InsufficientPrivileges")
      })
  )
})
