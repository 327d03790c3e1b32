import { assert, layer } from "@effect/vitest"
import { Effect, Exit, type Layer, Option } from "effect"
import type { OrgId } from "../../organisations/Organisation.ts"
import { VendorBankAccount, VendorName } from "../../vendors/Vendor.ts"
import { VendorKeyDetails } from "../../vendors/VendorChange.ts"
import { VendorChangeRepository } from "../../vendors/VendorChangeRepository.ts"
import { VendorRepository } from "../../vendors/VendorRepository.ts"
import { Fixtures } from "../Fixtures.ts"
import { vendorRecordFor } from "./VendorRepositoryContract.ts"

const details = (iban: string) =>
  new VendorKeyDetails({
    name: new VendorName({ en: "Sahara Supplies", ar: "توريدات الصحراء" }),
    crNumber: "1010123456",
    vatNumber: null,
    addresses: [],
    bankAccounts: [new VendorBankAccount({ bankName: "Al Rajhi", accountName: "", iban, swift: "" })]
  })

/** The behaviour every VendorChangeRepository must show (memory, PGlite, PostgreSQL). */
export const suite = (
  name: string,
  storage: Layer.Layer<VendorChangeRepository | VendorRepository | Fixtures, unknown>
) =>
  layer(storage, { timeout: 120_000 })(`VendorChangeRepository contract: ${name}`, (it) => {
    const newVendor = Effect.gen(function* () {
      const admin = yield* (yield* Fixtures).newUser({ roles: ["org_super_user"] })
      const orgId = admin.orgId as OrgId
      const vendor = yield* (yield* VendorRepository).insert(orgId, vendorRecordFor(admin.id))
      return { orgId, adminId: admin.id as string, vendorId: vendor.id }
    })

    it.effect("keeps one pending change per vendor with its details before and after, for its organisation alone", () =>
      Effect.gen(function* () {
        const changes = yield* VendorChangeRepository
        const { orgId, adminId, vendorId } = yield* newVendor
        const other = yield* newVendor
        const proposal = {
          vendorId,
          fields: ["bankAccounts"] as const,
          before: details("SA0380000000608010167519"),
          after: details("GB82WEST12345698765432"),
          vendorVersion: 3,
          requestedBy: adminId
        }
        const made = yield* changes.insert(orgId, proposal)
        assert.strictEqual(made.status, "PENDING")
        assert.strictEqual(made.version, 1)
        assert.strictEqual(made.vendorVersion, 3)
        assert.strictEqual(made.requestedByName, "Test User")
        assert.strictEqual(made.after.bankAccounts[0]!.iban, "GB82WEST12345698765432")
        assert.deepStrictEqual(made.fields, ["bankAccounts"])
        assert.isNull(made.decidedAt)
        assert.deepStrictEqual(Option.getOrUndefined(yield* changes.find(orgId, made.id)), made)
        assert.deepStrictEqual(Option.getOrUndefined(yield* changes.pendingOf(orgId, vendorId)), made)
        const second = yield* Effect.exit(changes.insert(orgId, proposal))
        assert.isTrue(Exit.isFailure(second))
        // Another organisation sees none of it.
        assert.isTrue(Option.isNone(yield* changes.find(other.orgId, made.id)))
        assert.isTrue(Option.isNone(yield* changes.pendingOf(other.orgId, vendorId)))
        assert.isTrue(Option.isNone(yield* changes.find(orgId, "not-an-id")))
        assert.isTrue(yield* changes.reviewsAllKeyFields(orgId))
        yield* changes.setReviewsAllKeyFields(orgId, false)
        assert.isFalse(yield* changes.reviewsAllKeyFields(orgId))
        assert.isTrue(yield* changes.reviewsAllKeyFields(other.orgId))
        yield* changes.setReviewsAllKeyFields(orgId, true)
        assert.isTrue(yield* changes.reviewsAllKeyFields(orgId))
      })
    )

    it.effect("decides a change at its version, once, and lists the decided ones newest first", () =>
      Effect.gen(function* () {
        const changes = yield* VendorChangeRepository
        const { orgId, adminId, vendorId } = yield* newVendor
        const proposal = {
          vendorId,
          fields: ["name"] as const,
          before: details("SA0380000000608010167519"),
          after: details("SA0380000000608010167519"),
          vendorVersion: 1,
          requestedBy: adminId
        }
        const first = yield* changes.insert(orgId, proposal)
        const stale = yield* Effect.exit(changes.decide(orgId, first.id, "REJECTED", "no", 7))
        assert.isTrue(Exit.isFailure(stale))
        const rejected = Option.getOrThrow(yield* changes.decide(orgId, first.id, "REJECTED", "No letter", 1))
        assert.strictEqual(rejected.status, "REJECTED")
        assert.strictEqual(rejected.remark, "No letter")
        assert.strictEqual(rejected.version, 2)
        assert.isNotNull(rejected.decidedAt)
        assert.isTrue(Option.isNone(yield* changes.pendingOf(orgId, vendorId)))
        const second = yield* changes.insert(orgId, proposal)
        yield* changes.decide(orgId, second.id, "APPROVED", "", 1)
        assert.isTrue(Option.isNone(yield* changes.decide(orgId, crypto.randomUUID(), "APPROVED", "", 1)))
        const recent = yield* changes.recentOf(orgId, vendorId, 5)
        assert.strictEqual(recent.length, 2)
        assert.sameMembers(
          recent.map((c) => c.status),
          ["APPROVED", "REJECTED"]
        )
        assert.strictEqual((yield* changes.recentOf(orgId, vendorId, 1)).length, 1)
      })
    )
  })
