import { assert, layer } from "@effect/vitest"
import { Effect, Exit, type Layer, Option } from "effect"
import type { OrgId } from "../../organisations/Organisation.ts"
import {
  VendorAddress,
  VendorBankAccount,
  VendorContact,
  VendorDocument,
  VendorHold,
  VendorName
} from "../../vendors/Vendor.ts"
import {
  type VendorCursor,
  vendorCursorOf,
  vendorNameKey,
  type VendorQuery,
  type VendorRecord,
  VendorRepository
} from "../../vendors/VendorRepository.ts"
import { Fixtures } from "../Fixtures.ts"

/** A vendor's record as a use case would store it, with the given fields over plain defaults. */
export const vendorRecordFor = (createdBy: string, extra: Partial<VendorRecord> = {}): VendorRecord => ({
  name: new VendorName({ en: "Sahara Supplies", ar: "توريدات الصحراء" }),
  country: "SA",
  crNumber: null,
  vatNumber: null,
  addresses: [],
  contacts: [],
  bankAccounts: [],
  categories: [],
  paymentTermsDays: 30,
  currency: "SAR",
  status: "VENDOR_ACTIVE",
  documents: [],
  hold: null,
  remarks: "",
  createdBy,
  ...extra
})

const all = (extra: Partial<VendorQuery> = {}): VendorQuery => ({
  today: "2026-03-01",
  offset: 0,
  limit: 100,
  ...extra
})

/** The behaviour every VendorRepository must show (memory, PGlite, PostgreSQL). */
export const suite = (name: string, storage: Layer.Layer<VendorRepository | Fixtures, unknown>) =>
  layer(storage, { timeout: 120_000 })(`VendorRepository contract: ${name}`, (it) => {
    const newOrg = Effect.gen(function* () {
      const admin = yield* (yield* Fixtures).newUser({ roles: ["org_super_user"] })
      return { orgId: admin.orgId as OrgId, adminId: admin.id as string }
    })

    it.effect("numbers each organisation's vendors in order and keeps every field as given, for it alone", () =>
      Effect.gen(function* () {
        const repository = yield* VendorRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const rich = vendorRecordFor(org.adminId, {
          name: new VendorName({ en: "Gulf Office Co.", ar: "شركة الخليج للمكاتب" }),
          crNumber: "1010123456",
          vatNumber: "300000000000003",
          addresses: [
            new VendorAddress({
              label: "Head office",
              line1: "King Fahd Road",
              line2: "Floor 3",
              city: "Riyadh",
              region: "Riyadh",
              postalCode: "12211",
              country: "SA"
            })
          ],
          contacts: [
            new VendorContact({ name: "Noura", email: "noura@gulf.example", phone: "+966500000000", primary: true })
          ],
          bankAccounts: [
            new VendorBankAccount({
              bankName: "Al Rajhi",
              accountName: "Gulf Office",
              iban: "SA0380000000608010167519",
              swift: "RJHISARI"
            })
          ],
          categories: ["stationery", "furniture"],
          paymentTermsDays: 60,
          currency: "USD",
          status: "VENDOR_INACTIVE",
          documents: [
            new VendorDocument({ kind: "CR", number: "1010123456", expiresOn: "2027-01-31", fileId: "file-1" })
          ],
          hold: new VendorHold({
            scope: "PAYMENTS",
            reason: "Bank letter pending",
            releaseDate: "2026-04-01",
            heldBy: org.adminId,
            heldAt: "2026-03-01T10:00:00.000Z"
          }),
          remarks: "Preferred"
        })
        const first = yield* repository.insert(org.orgId, rich)
        const second = yield* repository.insert(org.orgId, vendorRecordFor(org.adminId))
        const elsewhere = yield* repository.insert(other.orgId, vendorRecordFor(other.adminId))
        assert.deepStrictEqual(
          [first.number, second.number, elsewhere.number],
          ["VEN-000001", "VEN-000002", "VEN-000001"]
        )
        assert.strictEqual(first.version, 1)
        const read = Option.getOrThrow(yield* repository.find(org.orgId, first.id))
        const { id: _id, number: _n, version: _v, createdAt: _c, updatedAt: _u, connected, ...kept } = read
        assert.deepStrictEqual(kept, rich)
        assert.isFalse(connected)
        assert.isTrue(yield* repository.connect(org.orgId, first.id, other.orgId))
        assert.isFalse(yield* repository.connect(other.orgId, first.id, other.orgId))
        const linked = Option.getOrThrow(yield* repository.find(org.orgId, first.id))
        assert.isTrue(linked.connected)
        assert.strictEqual(linked.version, 1)
        const renamed = Option.getOrThrow(
          yield* repository.update(org.orgId, first.id, { ...rich, remarks: "Renamed" }, linked.version)
        )
        assert.isTrue(renamed.connected)
        assert.isTrue(Option.isNone(yield* repository.find(other.orgId, first.id)))
        assert.isTrue(Option.isNone(yield* repository.find(org.orgId, "not-an-id")))
      })
    )

    it.effect("connects a vendor organisation once per buyer, and finds the vendor connected to it", () =>
      Effect.gen(function* () {
        const repository = yield* VendorRepository
        const buyer = yield* newOrg
        const otherBuyer = yield* newOrg
        const vendorOrg = yield* newOrg
        const first = yield* repository.insert(buyer.orgId, vendorRecordFor(buyer.adminId))
        const second = yield* repository.insert(buyer.orgId, vendorRecordFor(buyer.adminId))
        const elsewhere = yield* repository.insert(otherBuyer.orgId, vendorRecordFor(otherBuyer.adminId))
        assert.isTrue(Option.isNone(yield* repository.findConnected(buyer.orgId, vendorOrg.orgId)))
        assert.isTrue(yield* repository.connect(buyer.orgId, first.id, vendorOrg.orgId))
        const refused = yield* Effect.exit(repository.connect(buyer.orgId, second.id, vendorOrg.orgId))
        assert.isTrue(Exit.isFailure(refused))
        assert.include(JSON.stringify(refused), "VendorAlreadyConnected")
        // Another buyer connects the same organisation to a vendor of its own.
        assert.isTrue(yield* repository.connect(otherBuyer.orgId, elsewhere.id, vendorOrg.orgId))
        const found = Option.getOrThrow(yield* repository.findConnected(buyer.orgId, vendorOrg.orgId))
        assert.strictEqual(found.id, first.id)
        assert.isFalse(Option.getOrThrow(yield* repository.find(buyer.orgId, second.id)).connected)
        assert.strictEqual(
          Option.getOrThrow(yield* repository.findConnected(otherBuyer.orgId, vendorOrg.orgId)).id,
          elsewhere.id
        )
      })
    )

    it.effect("updates at the version read and refuses a stale one", () =>
      Effect.gen(function* () {
        const repository = yield* VendorRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const made = yield* repository.insert(org.orgId, vendorRecordFor(org.adminId))
        const renamed = vendorRecordFor(org.adminId, { name: new VendorName({ en: "Renamed", ar: "" }) })
        const saved = Option.getOrThrow(yield* repository.update(org.orgId, made.id, renamed, 1))
        assert.strictEqual(saved.version, 2)
        assert.strictEqual(saved.number, made.number)
        assert.strictEqual(saved.name.en, "Renamed")
        const stale = yield* Effect.exit(repository.update(org.orgId, made.id, renamed, 1))
        assert.isTrue(Exit.isFailure(stale))
        assert.isTrue(Option.isNone(yield* repository.update(other.orgId, made.id, renamed, 2)))
        assert.isTrue(Option.isNone(yield* repository.update(org.orgId, "nope", renamed, 2)))
      })
    )

    it.effect("lists in name order, filters by status as read on a day, by search and category, and counts", () =>
      Effect.gen(function* () {
        const repository = yield* VendorRepository
        const org = yield* newOrg
        const lapsing = [
          new VendorDocument({ kind: "VAT_CERTIFICATE", number: "", expiresOn: "2026-02-28", fileId: null })
        ]
        const b = yield* repository.insert(
          org.orgId,
          vendorRecordFor(org.adminId, { name: new VendorName({ en: "Beta", ar: "بيتا" }), crNumber: "2020202020" })
        )
        const a = yield* repository.insert(
          org.orgId,
          vendorRecordFor(org.adminId, {
            name: new VendorName({ en: "alpha", ar: "ألفا" }),
            vatNumber: "311111111111113",
            categories: ["it"]
          })
        )
        const c = yield* repository.insert(
          org.orgId,
          vendorRecordFor(org.adminId, { name: new VendorName({ en: "Gamma", ar: "" }), documents: lapsing })
        )
        const d = yield* repository.insert(
          org.orgId,
          vendorRecordFor(org.adminId, { name: new VendorName({ en: "Delta", ar: "دلتا" }), status: "VENDOR_INACTIVE" })
        )
        const ids = (vs: ReadonlyArray<{ id: string }>) => vs.map((v) => v.id)
        assert.deepStrictEqual(ids(yield* repository.list(org.orgId, all())), [a.id, b.id, d.id, c.id])
        assert.deepStrictEqual(ids(yield* repository.list(org.orgId, all({ offset: 1, limit: 2 }))), [b.id, d.id])
        assert.deepStrictEqual(ids(yield* repository.list(org.orgId, all({ statuses: ["VENDOR_ACTIVE"] }))), [
          a.id,
          b.id
        ])
        assert.deepStrictEqual(ids(yield* repository.list(org.orgId, all({ statuses: ["VENDOR_EXPIRED"] }))), [c.id])
        assert.deepStrictEqual(
          ids(yield* repository.list(org.orgId, all({ statuses: ["VENDOR_ACTIVE"], today: "2026-02-28" }))),
          [a.id, b.id, c.id]
        )
        assert.deepStrictEqual(ids(yield* repository.list(org.orgId, all({ search: "بيت" }))), [b.id])
        assert.deepStrictEqual(ids(yield* repository.list(org.orgId, all({ search: "2020" }))), [b.id])
        assert.deepStrictEqual(ids(yield* repository.list(org.orgId, all({ search: "1111" }))), [a.id])
        assert.deepStrictEqual(ids(yield* repository.list(org.orgId, all({ search: "ALPH" }))), [a.id])
        assert.deepStrictEqual(ids(yield* repository.list(org.orgId, all({ search: "100%_" }))), [])
        assert.deepStrictEqual(ids(yield* repository.list(org.orgId, all({ category: "it" }))), [a.id])
        const counts = yield* repository.counts(org.orgId, { today: "2026-03-01", statuses: ["VENDOR_ACTIVE"] })
        assert.deepStrictEqual(counts.statuses, [
          { status: "VENDOR_ACTIVE", count: 2 },
          { status: "VENDOR_INACTIVE", count: 1 },
          { status: "VENDOR_EXPIRED", count: 1 }
        ])
        const other = yield* newOrg
        assert.deepStrictEqual(yield* repository.list(other.orgId, all()), [])
      })
    )

    it.effect("finds another vendor by its CR or VAT number", () =>
      Effect.gen(function* () {
        const repository = yield* VendorRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const made = yield* repository.insert(
          org.orgId,
          vendorRecordFor(org.adminId, { crNumber: "1010123456", vatNumber: "300000000000003" })
        )
        assert.strictEqual(
          Option.getOrThrow(yield* repository.findByRegistration(org.orgId, "crNumber", "1010123456", null)).id,
          made.id
        )
        assert.isTrue(
          Option.isSome(yield* repository.findByRegistration(org.orgId, "vatNumber", "300000000000003", null))
        )
        assert.isTrue(Option.isNone(yield* repository.findByRegistration(org.orgId, "crNumber", "1010123456", made.id)))
        assert.isTrue(Option.isNone(yield* repository.findByRegistration(other.orgId, "crNumber", "1010123456", null)))
      })
    )

    it.effect("walks the list by cursor both ways in name order, ties broken by id, Arabic names by code point", () =>
      Effect.gen(function* () {
        const repository = yield* VendorRepository
        const org = yield* newOrg
        const names = ["delta", "Alpha", "charlie", "", "bravo", "alpha", "Echo"]
        for (const [i, en] of names.entries()) {
          yield* repository.insert(
            org.orgId,
            vendorRecordFor(org.adminId, { name: new VendorName({ en, ar: i === 3 ? "زاي" : "" }) })
          )
        }
        const whole = yield* repository.list(org.orgId, all())
        const keys = whole.map((v) => vendorNameKey(v.name))
        assert.deepStrictEqual(keys, ["alpha", "alpha", "bravo", "charlie", "delta", "echo", "زاي"])
        const forwards: Array<string> = []
        let after: VendorCursor | undefined
        for (;;) {
          const page = yield* repository.list(org.orgId, all({ limit: 3, after }))
          forwards.push(...page.map((v) => v.id))
          if (page.length < 3) break
          after = vendorCursorOf(page.at(-1)!)
        }
        assert.deepStrictEqual(
          forwards,
          whole.map((v) => v.id)
        )
        const backwards = yield* repository.list(org.orgId, all({ limit: 3, before: vendorCursorOf(whole[4]!) }))
        assert.deepStrictEqual(
          backwards.map((v) => v.id),
          whole.slice(1, 4).map((v) => v.id)
        )
        const start = yield* repository.list(org.orgId, all({ limit: 3, before: vendorCursorOf(whole[1]!) }))
        assert.deepStrictEqual(
          start.map((v) => v.id),
          [whole[0]!.id]
        )
      })
    )

    it.effect("sums the report in one read: statuses, holds in force, categories, currencies, lapsing documents", () =>
      Effect.gen(function* () {
        const repository = yield* VendorRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const held = (scope: "ALL" | "INVOICES" | "PAYMENTS", releaseDate: string | null) =>
          new VendorHold({ scope, reason: "", releaseDate, heldBy: org.adminId, heldAt: "2026-01-01T00:00:00.000Z" })
        const doc = (kind: "CR" | "VAT_CERTIFICATE" | "OTHER", expiresOn: string | null) =>
          new VendorDocument({ kind, number: "N1", expiresOn, fileId: null })
        yield* repository.insert(
          org.orgId,
          vendorRecordFor(org.adminId, {
            categories: ["Food", "Paper"],
            hold: held("ALL", null),
            documents: [doc("CR", "2026-03-10"), doc("OTHER", "2026-05-01")]
          })
        )
        yield* repository.insert(
          org.orgId,
          vendorRecordFor(org.adminId, {
            name: new VendorName({ en: "Beta", ar: "" }),
            categories: ["Food"],
            currency: "USD",
            hold: held("INVOICES", "2026-03-01"),
            documents: [doc("VAT_CERTIFICATE", "2026-02-27")]
          })
        )
        yield* repository.insert(
          org.orgId,
          vendorRecordFor(org.adminId, {
            name: new VendorName({ en: "Gamma", ar: "" }),
            status: "VENDOR_INACTIVE",
            hold: held("PAYMENTS", "2026-02-28"),
            documents: [doc("CR", "2026-03-31"), doc("CR", null)]
          })
        )
        yield* repository.insert(other.orgId, vendorRecordFor(other.adminId, { categories: ["Food"] }))
        const report = yield* repository.report(org.orgId, "2026-03-01", "2026-03-31", 500)
        assert.deepStrictEqual(report.statuses, [
          { status: "VENDOR_ACTIVE", count: 1 },
          { status: "VENDOR_INACTIVE", count: 1 },
          { status: "VENDOR_EXPIRED", count: 1 }
        ])
        // The payments hold ended the day before; the invoices hold's last day is today.
        assert.deepStrictEqual(
          report.holds.map((c) => [c.key, c.count]),
          [
            ["ALL", 1],
            ["INVOICES", 1]
          ]
        )
        assert.deepStrictEqual(
          report.categories.map((c) => [c.key, c.count]),
          [
            ["Food", 2],
            ["Paper", 1]
          ]
        )
        assert.deepStrictEqual(
          report.currencies.map((c) => [c.key, c.count]),
          [
            ["SAR", 2],
            ["USD", 1]
          ]
        )
        assert.deepStrictEqual([report.expiringCount, report.lapsedCount], [2, 1])
        assert.deepStrictEqual(
          report.documents.map((d) => [d.kind, d.expiresOn, d.lapsed]),
          [
            ["VAT_CERTIFICATE", "2026-02-27", true],
            ["CR", "2026-03-10", false],
            ["CR", "2026-03-31", false]
          ]
        )
        const capped = yield* repository.report(org.orgId, "2026-03-01", "2026-03-31", 1)
        assert.deepStrictEqual([capped.documents.length, capped.expiringCount], [1, 2])
        const empty = yield* repository.report((yield* newOrg).orgId, "2026-03-01", "2026-03-31", 500)
        assert.deepStrictEqual([empty.holds, empty.categories, empty.documents, empty.expiringCount], [[], [], [], 0])
      })
    )

    it.effect("keeps each user's list columns, for that user alone", () =>
      Effect.gen(function* () {
        const repository = yield* VendorRepository
        const org = yield* newOrg
        const other = yield* newOrg
        assert.deepStrictEqual(yield* repository.columnsOf(org.orgId, org.adminId), [])
        yield* repository.saveColumns(org.orgId, org.adminId, ["number", "name", "status"])
        yield* repository.saveColumns(org.orgId, org.adminId, ["name", "hold"])
        assert.deepStrictEqual(yield* repository.columnsOf(org.orgId, org.adminId), ["name", "hold"])
        assert.deepStrictEqual(yield* repository.columnsOf(other.orgId, org.adminId), [])
      })
    )
  })
