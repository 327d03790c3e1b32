import { assert, layer } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { LocalText } from "../../catalog/Catalog.ts"
import { CatalogRepository } from "../../catalog/CatalogRepository.ts"
import { MarketplaceRepository } from "../../marketplace/MarketplaceRepository.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { Fixtures } from "../Fixtures.ts"
import { catalogRecordFor } from "./CatalogRepositoryContract.ts"

const hash = (n: number) => n.toString(16).padStart(64, "0")

/** The behaviour every MarketplaceRepository must show (memory, PGlite, PostgreSQL). */
export const suite = (
  engine: string,
  storage: Layer.Layer<MarketplaceRepository | CatalogRepository | Fixtures, unknown>
) =>
  layer(storage, { timeout: 120_000 })(`MarketplaceRepository contract: ${engine}`, (it) => {
    const newOrg = Effect.gen(function* () {
      const admin = yield* (yield* Fixtures).newUser({ roles: ["org_super_user"] })
      return { orgId: admin.orgId as OrgId, userId: admin.id as string }
    })

    it.effect("finds an organisation by its code with its KYC standing, which only a verification sets", () =>
      Effect.gen(function* () {
        const repository = yield* MarketplaceRepository
        const org = yield* newOrg
        const own = Option.getOrThrow(yield* repository.organisation(org.orgId))
        assert.isFalse(own.kycVerified)
        assert.isNull(own.verifiedAt)
        const byCode = Option.getOrThrow(yield* repository.organisationByCode(own.code))
        assert.deepStrictEqual([byCode.id, byCode.kycVerified], [org.orgId, false])
        assert.isTrue(Option.isNone(yield* repository.organisationByCode("NO-SUCH-CODE")))
        yield* repository.setKyc(org.orgId, true, "2026-11-24T08:00:00.000Z")
        const verified = Option.getOrThrow(yield* repository.organisationByCode(own.code))
        assert.isTrue(verified.kycVerified)
        assert.strictEqual(verified.verifiedAt, "2026-11-24T08:00:00.000Z")
        yield* repository.setKyc(org.orgId, false, "2026-11-25T08:00:00.000Z")
        assert.isFalse(Option.getOrThrow(yield* repository.organisation(org.orgId)).kycVerified)
      })
    )

    it.effect("lists an organisation's public catalogs, never its own private ones", () =>
      Effect.gen(function* () {
        const repository = yield* MarketplaceRepository
        const catalogs = yield* CatalogRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const open = yield* catalogs.insertCatalog(org.orgId, catalogRecordFor({ kind: "PUBLIC" }))
        const closed = yield* catalogs.insertCatalog(org.orgId, catalogRecordFor())
        const ids = yield* repository.publicCatalogIds(org.orgId)
        assert.deepStrictEqual(ids, [open.id])
        assert.deepStrictEqual(yield* repository.publicCatalogIds(other.orgId), [])
        const everyone = yield* repository.publicCatalogIds(null)
        assert.isTrue(everyone.includes(open.id))
        assert.isFalse(everyone.includes(closed.id))
      })
    )

    it.effect("keeps a catalog invitation for both organisations, found by its hash, accepted once", () =>
      Effect.gen(function* () {
        const repository = yield* MarketplaceRepository
        const catalogs = yield* CatalogRepository
        const from = yield* newOrg
        const to = yield* newOrg
        const stranger = yield* newOrg
        const catalog = yield* catalogs.insertCatalog(from.orgId, catalogRecordFor())
        const tokenHash = hash(Date.now())
        const made = yield* repository.insertInvitation(from.orgId, {
          catalogId: catalog.id,
          catalogName: new LocalText({ en: "Office", ar: "المكتب" }),
          fromOrgName: "From",
          toOrgId: to.orgId,
          toOrgName: "To",
          email: "buyer@to.example",
          tokenHash,
          expiresAt: "2999-01-01T00:00:00.000Z",
          createdBy: from.userId
        })
        assert.strictEqual(made.status, "PENDING")
        const found = Option.getOrThrow(yield* repository.findInvitationByHash(tokenHash))
        assert.deepStrictEqual([found.fromOrgId, found.toOrgId, found.invitation.id], [from.orgId, to.orgId, made.id])
        const waiting = yield* repository.pending(to.orgId, "2026-11-24T00:00:00.000Z", 0, 25)
        assert.deepStrictEqual([waiting.totalCount, waiting.invitations.map((i) => i.id)], [1, [made.id]])
        assert.strictEqual((yield* repository.pending(to.orgId, "3000-01-01T00:00:00.000Z", 0, 25)).totalCount, 0)
        assert.strictEqual((yield* repository.pending(stranger.orgId, "2026-11-24T00:00:00.000Z", 0, 25)).totalCount, 0)
        assert.isFalse(
          yield* repository.acceptInvitation(made.id, stranger.orgId, stranger.userId, "2026-11-24T09:00:00.000Z")
        )
        assert.isTrue(yield* repository.acceptInvitation(made.id, to.orgId, to.userId, "2026-11-24T09:00:00.000Z"))
        assert.isFalse(yield* repository.acceptInvitation(made.id, to.orgId, to.userId, "2026-11-24T09:01:00.000Z"))
        assert.isTrue(Option.isNone(yield* repository.findInvitationByHash(tokenHash)))
        assert.strictEqual((yield* repository.pending(to.orgId, "2026-11-24T00:00:00.000Z", 0, 25)).totalCount, 0)
      })
    )
  })
