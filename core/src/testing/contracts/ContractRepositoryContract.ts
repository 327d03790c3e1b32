import { assert, layer } from "@effect/vitest"
import { Effect, Exit, type Layer, Option } from "effect"
import { ContractLine, ContractName } from "../../contracts/Contract.ts"
import { type ContractRecord, ContractRepository } from "../../contracts/ContractRepository.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { VendorRepository } from "../../vendors/VendorRepository.ts"
import { Fixtures } from "../Fixtures.ts"
import { vendorRecordFor } from "./VendorRepositoryContract.ts"

const line = (productId: string, unitPrice: string, minQuantity: string | null = null) =>
  new ContractLine({
    productId,
    sku: `SKU-${productId.slice(0, 4)}`,
    productName: new ContractName({ en: "A4 paper", ar: "ورق A4" }),
    unitPrice,
    minQuantity
  })

/** The behaviour every ContractRepository must show (memory, PGlite, PostgreSQL). */
export const suite = (name: string, storage: Layer.Layer<ContractRepository | VendorRepository | Fixtures, unknown>) =>
  layer(storage, { timeout: 120_000 })(`ContractRepository contract: ${name}`, (it) => {
    const newOrg = Effect.gen(function* () {
      const admin = yield* (yield* Fixtures).newUser({ roles: ["org_super_user"] })
      const orgId = admin.orgId as OrgId
      const vendor = yield* (yield* VendorRepository).insert(orgId, vendorRecordFor(admin.id))
      return { orgId, ownerId: admin.id as string, vendorId: vendor.id }
    })
    const recordFor = (vendorId: string, changes: Partial<ContractRecord> = {}): ContractRecord => ({
      title: "Office paper 2026",
      vendorId,
      vendorName: new ContractName({ en: "Sahara Supplies", ar: "توريدات الصحراء" }),
      workspaceId: null,
      workspaceName: null,
      currency: "SAR",
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      ceiling: "1000",
      lines: [line(crypto.randomUUID(), "12.5", "10")],
      attachments: [],
      terms: "Net 30",
      ...changes
    })
    const activate = (orgId: OrgId, id: string, version: number) =>
      Effect.gen(function* () {
        const contracts = yield* ContractRepository
        return Option.getOrThrow(yield* contracts.setStatus(orgId, id, "CONTRACT_ACTIVE", version))
      })

    it.effect("numbers drafts per organisation, keeps their lines, and writes them at the version read", () =>
      Effect.gen(function* () {
        const contracts = yield* ContractRepository
        const { orgId, ownerId, vendorId } = yield* newOrg
        const other = yield* newOrg
        const first = yield* contracts.insert(orgId, recordFor(vendorId), ownerId)
        const second = yield* contracts.insert(orgId, recordFor(vendorId, { ceiling: null }), ownerId)
        assert.strictEqual(first.number, "CTR-000001")
        assert.strictEqual(second.number, "CTR-000002")
        assert.strictEqual(first.status, "CONTRACT_DRAFTED")
        assert.strictEqual(first.ownerName, "Test User")
        assert.strictEqual(first.consumed, "0")
        assert.strictEqual(first.remaining, "1000")
        assert.isNull(second.remaining)
        assert.strictEqual(first.lines[0]!.unitPrice, "12.5")
        assert.strictEqual(first.lines[0]!.minQuantity, "10")
        assert.deepStrictEqual(Option.getOrUndefined(yield* contracts.find(orgId, first.id)), first)
        assert.isTrue(Option.isNone(yield* contracts.find(other.orgId, first.id)))
        assert.isTrue(Option.isNone(yield* contracts.find(orgId, "not-an-id")))

        const edited = yield* contracts.update(orgId, first.id, recordFor(vendorId, { title: "Paper" }), 1)
        assert.strictEqual(Option.getOrThrow(edited).title, "Paper")
        assert.strictEqual(Option.getOrThrow(edited).version, 2)
        const stale = yield* Effect.exit(contracts.update(orgId, first.id, recordFor(vendorId), 1))
        assert.isTrue(Exit.isFailure(stale))
        const moved = yield* contracts.setStatus(orgId, first.id, "CONTRACT_TERMINATED", 2, "Vendor closed")
        assert.strictEqual(Option.getOrThrow(moved).status, "CONTRACT_TERMINATED")
        assert.strictEqual(Option.getOrThrow(moved).endRemark, "Vendor closed")
        assert.isTrue(Option.isNone(yield* contracts.setStatus(other.orgId, first.id, "CONTRACT_CLOSED", 3)))
      })
    )

    it.effect("takes from an active contract's ceiling on a day of its validity, never past it, and gives back", () =>
      Effect.gen(function* () {
        const contracts = yield* ContractRepository
        const { orgId, ownerId, vendorId } = yield* newOrg
        const draft = yield* contracts.insert(orgId, recordFor(vendorId), ownerId)
        const refusedDraft = yield* contracts.consume(orgId, draft.id, "10", "PO-1", "2026-03-01")
        assert.strictEqual(refusedDraft._tag, "Refused")
        const active = yield* activate(orgId, draft.id, draft.version)
        const taken = yield* contracts.consume(orgId, active.id, "600", "PO-1", "2026-03-01")
        assert.strictEqual(taken._tag, "Moved")
        const over = yield* contracts.consume(orgId, active.id, "400.01", "PO-2", "2026-03-01")
        assert.strictEqual(over._tag, "Refused")
        if (over._tag === "Refused") assert.strictEqual(over.contract.remaining, "400")
        const outside = yield* contracts.consume(orgId, active.id, "1", "PO-3", "2027-01-01")
        assert.strictEqual(outside._tag, "Refused")
        const rest = yield* contracts.consume(orgId, active.id, "400", "PO-4", "2026-12-31")
        assert.strictEqual(rest._tag === "Moved" ? rest.contract.remaining : "", "0")
        const back = yield* contracts.release(orgId, active.id, "250.5", "PO-1")
        assert.strictEqual(back._tag === "Moved" ? back.contract.consumed : "", "749.5")
        const tooMuch = yield* contracts.release(orgId, active.id, "750", "PO-1")
        assert.strictEqual(tooMuch._tag, "Refused")
        const missing = yield* contracts.consume(orgId, crypto.randomUUID(), "1", "PO-5", "2026-03-01")
        assert.strictEqual(missing._tag, "NotFound")
        const found = Option.getOrThrow(yield* contracts.find(orgId, active.id))
        assert.strictEqual(found.consumed, "749.5")
        assert.strictEqual(found.version, active.version)
      })
    )

    it.effect("finds the active contracts of a vendor valid on a day for the products asked", () =>
      Effect.gen(function* () {
        const contracts = yield* ContractRepository
        const { orgId, ownerId, vendorId } = yield* newOrg
        const productId = crypto.randomUUID()
        const made = yield* contracts.insert(orgId, recordFor(vendorId, { lines: [line(productId, "9")] }), ownerId)
        assert.deepStrictEqual(yield* contracts.inForce(orgId, vendorId, [productId], "2026-06-01"), [])
        const active = yield* activate(orgId, made.id, made.version)
        const found = yield* contracts.inForce(orgId, vendorId, [productId], "2026-06-01")
        assert.deepStrictEqual(
          found.map((c) => c.id),
          [active.id]
        )
        assert.deepStrictEqual(yield* contracts.inForce(orgId, vendorId, [productId], "2025-12-31"), [])
        assert.deepStrictEqual(yield* contracts.inForce(orgId, vendorId, [crypto.randomUUID()], "2026-06-01"), [])
        assert.deepStrictEqual(yield* contracts.inForce(orgId, crypto.randomUUID(), [productId], "2026-06-01"), [])
      })
    )

    it.effect("lists newest first with filters, and counts per status", () =>
      Effect.gen(function* () {
        const contracts = yield* ContractRepository
        const { orgId, ownerId, vendorId } = yield* newOrg
        const a = yield* contracts.insert(orgId, recordFor(vendorId, { title: "Toner" }), ownerId)
        const b = yield* contracts.insert(orgId, recordFor(vendorId, { title: "Paper" }), ownerId)
        yield* activate(orgId, a.id, a.version)
        const all = yield* contracts.list(orgId, { offset: 0, limit: 10 })
        assert.deepStrictEqual(
          all.map((c) => c.number),
          [b.number, a.number]
        )
        const active = yield* contracts.list(orgId, { offset: 0, limit: 10, statuses: ["CONTRACT_ACTIVE"] })
        assert.deepStrictEqual(
          active.map((c) => c.id),
          [a.id]
        )
        const searched = yield* contracts.list(orgId, { offset: 0, limit: 10, search: "pap" })
        assert.deepStrictEqual(
          searched.map((c) => c.id),
          [b.id]
        )
        assert.deepStrictEqual(yield* contracts.counts(orgId, {}), [
          { status: "CONTRACT_DRAFTED", count: 1 },
          { status: "CONTRACT_ACTIVE", count: 1 }
        ])
      })
    )

    it.effect("alerts an active contract's owner once within the window, and expires it once past its end", () =>
      Effect.gen(function* () {
        const contracts = yield* ContractRepository
        const { orgId, ownerId, vendorId } = yield* newOrg
        const made = yield* contracts.insert(orgId, recordFor(vendorId, { endDate: "2026-03-31" }), ownerId)
        const later = yield* contracts.insert(orgId, recordFor(vendorId, { endDate: "2026-12-31" }), ownerId)
        const active = yield* activate(orgId, made.id, made.version)
        yield* activate(orgId, later.id, later.version)
        const ours = (due: ReadonlyArray<{ readonly id: string }>) =>
          due.map((d) => d.id).filter((id) => id === made.id || id === later.id)
        const due = yield* contracts.dueForExpiry("2026-02-01", "2026-04-02")
        assert.deepStrictEqual(ours(due.alert), [made.id])
        assert.deepStrictEqual(ours(due.expire), [])
        const marked = yield* contracts.markAlerted(orgId, made.id, "2026-04-02")
        assert.isNotNull(Option.getOrThrow(marked).alertedAt)
        assert.isTrue(Option.isNone(yield* contracts.markAlerted(orgId, made.id, "2026-04-02")))
        assert.deepStrictEqual(ours((yield* contracts.dueForExpiry("2026-02-01", "2026-04-02")).alert), [])
        assert.isTrue(Option.isNone(yield* contracts.expire(orgId, made.id, "2026-03-31")))
        assert.deepStrictEqual(ours((yield* contracts.dueForExpiry("2026-04-01", "2026-05-31")).expire), [made.id])
        const expired = yield* contracts.expire(orgId, made.id, "2026-04-01")
        assert.strictEqual(Option.getOrThrow(expired).status, "CONTRACT_EXPIRED")
        assert.strictEqual(Option.getOrThrow(expired).version, active.version + 1)
        assert.isTrue(Option.isNone(yield* contracts.expire(orgId, made.id, "2026-04-01")))
      })
    )
  })
