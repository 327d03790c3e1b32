import { assert, layer } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import fc from "fast-check"
import { LocalText, ProductMedia } from "../../catalog/Catalog.ts"
import { CatalogRepository, type ProductQuery } from "../../catalog/CatalogRepository.ts"
import { productSearchOf } from "../../catalog/SearchRank.ts"
import { FileRepository } from "../../files/FileRepository.ts"
import { filePath } from "../../files/FileRules.ts"
import { DocumentRef } from "../../files/StoredFile.ts"
import type { UserId } from "../../identity/User.ts"
import { MarketplaceRepository } from "../../marketplace/MarketplaceRepository.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { Fixtures } from "../Fixtures.ts"
import { catalogRecordFor, productRecordFor } from "./CatalogRepositoryContract.ts"

const hash = (n: number) => n.toString(16).padStart(64, "0")

/** The behaviour every MarketplaceRepository must show (memory, PGlite, PostgreSQL). */
export const suite = (
  engine: string,
  storage: Layer.Layer<MarketplaceRepository | CatalogRepository | FileRepository | Fixtures, unknown>
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

    /** What makes a file a public picture; each way it can fall short of one. */
    interface PictureCase {
      readonly image: boolean
      readonly holder: "product" | "pending" | "request"
      readonly removed: boolean
      readonly productPublic: boolean
      readonly productDeleted: boolean
      readonly catalogPublic: boolean
      readonly named: "media" | "attachments"
      readonly sameOrg: boolean
    }
    const mostly = <A>(good: A, ...bad: ReadonlyArray<A>) =>
      fc.oneof(
        { arbitrary: fc.constant(good), weight: 5 },
        ...bad.map((b) => ({ arbitrary: fc.constant(b), weight: 1 }))
      )
    const pictureCase: fc.Arbitrary<PictureCase> = fc.record({
      image: mostly(true, false),
      holder: mostly<PictureCase["holder"]>("product", "pending", "request"),
      removed: mostly(false, true),
      productPublic: mostly(true, false),
      productDeleted: mostly(false, true),
      catalogPublic: mostly(true, false),
      named: mostly<PictureCase["named"]>("media", "attachments"),
      sameOrg: mostly(true, false)
    })
    const isPublicPicture = (c: PictureCase) =>
      c.image &&
      c.holder === "product" &&
      !c.removed &&
      c.productPublic &&
      !c.productDeleted &&
      c.catalogPublic &&
      c.named === "media" &&
      c.sameOrg

    it.effect("gives a file to anyone only when it is a picture of a live public product in a public catalog", () =>
      Effect.gen(function* () {
        const repository = yield* MarketplaceRepository
        const catalogs = yield* CatalogRepository
        const files = yield* FileRepository
        const org = yield* newOrg
        const other = yield* newOrg
        let n = 0
        /** Makes the case's file and product; answers whether the file is given out. */
        const given = (c: PictureCase) =>
          Effect.gen(function* () {
            n += 1
            const owner = c.sameOrg ? org : other
            const catalog = yield* catalogs.insertCatalog(
              org.orgId,
              catalogRecordFor({ kind: c.catalogPublic ? "PUBLIC" : "OWN" })
            )
            const file = Option.getOrThrow(
              yield* files.insertPending(
                owner.orgId,
                {
                  uploaderId: owner.userId as UserId,
                  kind: c.image ? "IMAGE" : "DOC",
                  entity: c.holder === "request" ? "request" : "product",
                  name: c.image ? "photo.png" : "sheet.pdf",
                  mime: c.image ? "image/png" : "application/pdf",
                  size: 3,
                  sha256: "0".repeat(64)
                },
                1_000_000
              )
            )
            const ref = filePath(file.id)
            const product = yield* catalogs.insertProduct(
              org.orgId,
              productRecordFor(org.userId, {
                sku: `PIC-${Date.now().toString(36)}-${n}`,
                public: c.productPublic,
                catalogs: [catalog.id],
                mediaList: c.named === "media" ? [new ProductMedia({ src: ref })] : [],
                attachments: c.named === "attachments" ? [ref] : []
              })
            )
            const holderId = c.sameOrg
              ? product.id
              : (yield* catalogs.insertProduct(
                  other.orgId,
                  productRecordFor(other.userId, { sku: `PIC-${Date.now().toString(36)}-${n}-own` })
                )).id
            if (c.holder !== "pending") {
              const document = new DocumentRef({ kind: c.holder, id: c.holder === "product" ? holderId : product.id })
              assert.isTrue(Option.isSome(yield* files.attach(owner.orgId, file.id, owner.userId as UserId, document)))
            }
            if (c.removed) yield* files.markRemoved(owner.orgId, file.id)
            if (c.productDeleted) yield* catalogs.deleteProduct(org.orgId, product.id)
            return Option.isSome(yield* repository.publicPicture(file.id))
          })
        const context = yield* Effect.context<MarketplaceRepository | CatalogRepository | FileRepository>()
        const all: PictureCase = {
          image: true,
          holder: "product",
          removed: false,
          productPublic: true,
          productDeleted: false,
          catalogPublic: true,
          named: "media",
          sameOrg: true
        }
        assert.isTrue(yield* given(all))
        yield* Effect.promise(() =>
          fc.assert(
            fc.asyncProperty(pictureCase, (c) =>
              Effect.runPromise(Effect.provideContext(given(c), context)).then((out) => out === isPublicPicture(c))
            ),
            { numRuns: 60 }
          )
        )
        assert.isTrue(Option.isNone(yield* repository.publicPicture("00000000-0000-4000-8000-000000000000")))
        assert.isTrue(Option.isNone(yield* repository.publicPicture("not-an-id")))
      })
    )
    it.effect(
      "an accepted invitation lets the member read the catalog, its categories and products, never write them",
      () =>
        Effect.gen(function* () {
          const repository = yield* MarketplaceRepository
          const catalogs = yield* CatalogRepository
          const owner = yield* newOrg
          const member = yield* newOrg
          const stranger = yield* newOrg
          const catalog = yield* catalogs.insertCatalog(
            owner.orgId,
            catalogRecordFor({ name: new LocalText({ en: "Supplies for members", ar: "لوازم للأعضاء" }) })
          )
          const category = yield* catalogs.insertCategory(owner.orgId, {
            catalogId: catalog.id,
            name: new LocalText({ en: "Paper", ar: "ورق" }),
            image: null,
            parentId: null,
            parentPath: []
          })
          const product = yield* catalogs.insertProduct(
            owner.orgId,
            productRecordFor(owner.userId, {
              sku: "MEMBER-1",
              name: new LocalText({ en: "Members paper ream Featherlite", ar: "رزمة ورق للأعضاء" }),
              catalogs: [catalog.id],
              categories: [category.id]
            })
          )
          const inCatalog = (extra: Partial<ProductQuery> = {}): ProductQuery => ({
            sort: "name",
            offset: 0,
            limit: 100,
            includeOutOfStock: true,
            catalogIds: [catalog.id],
            ...extra
          })
          /** Everything one organisation reads of the catalog, by each way the repository reads it. */
          const reads = (orgId: OrgId) =>
            Effect.gen(function* () {
              const ids = (ps: ReadonlyArray<{ readonly id: string }>) => ps.map((p) => p.id)
              return {
                catalog: Option.map(yield* catalogs.findCatalog(orgId, catalog.id), (c) => c.owned),
                members: ids((yield* catalogs.listCatalogs(orgId, "member", 0, 100)).catalogs),
                category: Option.isSome(yield* catalogs.findCategory(orgId, category.id)),
                tree: ids(
                  (yield* catalogs.listCategories(orgId, { catalogId: catalog.id, offset: 0, limit: 100 })).categories
                ),
                subtree: yield* catalogs.subtreeIds(orgId, category.id),
                gathered: ids(yield* catalogs.listProducts(orgId, inCatalog())),
                walked: ids(yield* catalogs.listProducts(orgId, inCatalog({ matching: 1_000_000 }))),
                byCategory: ids(yield* catalogs.listProducts(orgId, inCatalog({ categoryIds: [category.id] }))),
                searched: ids(
                  yield* catalogs.listProducts(orgId, inCatalog({ search: productSearchOf("ream"), sort: "rank" }))
                ),
                // A misspelt word reaches the product through the similar words of the catalog's organisation (a
                // word no other product of the suite holds, which would make it a public product's word).
                similar: ids(
                  yield* catalogs.listProducts(
                    orgId,
                    inCatalog({ search: productSearchOf("fetherlite"), sort: "rank" })
                  )
                ),
                counted: yield* catalogs.countProducts(orgId, inCatalog()),
                product: Option.map(yield* catalogs.findProduct(orgId, product.id), (p) => p.owned),
                owner: yield* catalogs.productOwner(orgId, product.id),
                ownList: ids(yield* catalogs.listProducts(orgId, { sort: "name", offset: 0, limit: 100 }))
              }
            })
          const nothing = {
            catalog: Option.none(),
            members: [],
            category: false,
            tree: [],
            subtree: [],
            gathered: [],
            walked: [],
            byCategory: [],
            searched: [],
            similar: [],
            counted: 0,
            product: Option.none(),
            owner: Option.none(),
            ownList: []
          }
          assert.deepStrictEqual(yield* reads(member.orgId), nothing)

          const invitation = yield* repository.insertInvitation(owner.orgId, {
            catalogId: catalog.id,
            catalogName: catalog.name,
            fromOrgName: "Owner",
            toOrgId: member.orgId,
            toOrgName: "Member",
            email: "buyer@member.example",
            tokenHash: hash(7_001),
            expiresAt: "2999-01-01T00:00:00.000Z",
            createdBy: owner.userId
          })
          assert.isTrue(
            yield* repository.acceptInvitation(invitation.id, member.orgId, member.userId, "2026-11-24T09:00:00.000Z")
          )

          assert.deepStrictEqual(yield* reads(member.orgId), {
            catalog: Option.some(false),
            members: [catalog.id],
            category: true,
            tree: [category.id],
            subtree: [category.id],
            gathered: [product.id],
            walked: [product.id],
            byCategory: [product.id],
            searched: [product.id],
            similar: [product.id],
            counted: 1,
            product: Option.some(false),
            owner: Option.some(owner.orgId),
            ownList: []
          })
          assert.deepStrictEqual(yield* reads(stranger.orgId), nothing)
          assert.deepStrictEqual((yield* catalogs.listCatalogs(owner.orgId, "member", 0, 100)).catalogs, [])

          // Read only: every write of the member's finds nothing of the owner's to write.
          assert.isTrue(
            Option.isNone(yield* catalogs.updateCatalog(member.orgId, catalog.id, catalogRecordFor(), catalog.version))
          )
          assert.isTrue(
            Option.isNone(
              yield* catalogs.updateCategory(
                member.orgId,
                category.id,
                { name: new LocalText({ en: "Taken", ar: "مأخوذ" }), image: null },
                category.version
              )
            )
          )
          assert.isFalse(yield* catalogs.deleteCategory(member.orgId, category.id))
          assert.isTrue(
            Option.isNone(
              yield* catalogs.updateProduct(
                member.orgId,
                product.id,
                productRecordFor(member.userId, { sku: "TAKEN", catalogs: [catalog.id] }),
                product.version
              )
            )
          )
          assert.isFalse(yield* catalogs.deleteProduct(member.orgId, product.id))
          const still = Option.getOrThrow(yield* catalogs.findProduct(owner.orgId, product.id))
          assert.deepStrictEqual([still.sku, still.version, still.owned], ["MEMBER-1", product.version, true])
          assert.isTrue(Option.isSome(yield* catalogs.findCategory(owner.orgId, category.id)))

          // A deleted product leaves the member's lists with its owner's.
          assert.isTrue(yield* catalogs.deleteProduct(owner.orgId, product.id))
          assert.deepStrictEqual(yield* catalogs.listProducts(member.orgId, inCatalog()), [])
          assert.isTrue(Option.isNone(yield* catalogs.findProduct(member.orgId, product.id)))
        })
    )
  })
