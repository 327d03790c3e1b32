import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { type Catalog, Catalogs, NewCatalogInput } from "@tawreed/core/catalog"
import type { OrgId } from "@tawreed/core/organisations"
import { textArray } from "../SqlArrays.ts"
import { inTenant } from "../Tenancy.ts"
import { type DemoPerson, demoActorOf } from "../requests/DemoRequests.ts"

/** The root categories of the demo catalog the marketplace shows guests, with a colour each for their pictures. */
const marketplaceRoots: ReadonlyArray<readonly [en: string, hue: number]> = [
  ["Office supplies", 210],
  ["Information technology", 265],
  ["Safety", 25],
  ["Furniture", 140]
]

/** A small picture (an SVG data address, as the site's image policy allows) with a label's initials on a colour. */
export const demoPicture = (label: string, hue: number): string => {
  const initials =
    label
      .split(/[\s,]+/)
      .filter((w) => /^[A-Za-z0-9]/.test(w))
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join("") || "T"
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120">` +
    `<rect width="120" height="120" fill="hsl(${hue} 60% 92%)"/>` +
    `<circle cx="60" cy="52" r="30" fill="hsl(${hue} 55% 45%)"/>` +
    `<text x="60" y="62" font-family="sans-serif" font-size="26" text-anchor="middle" fill="#fff">${initials}</text>` +
    `<rect x="20" y="92" width="80" height="8" rx="4" fill="hsl(${hue} 40% 70%)"/></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

/**
 * The demo marketplace: a public catalog of the demo buyer holding four of its root categories with their
 * sub-categories, each with a picture, and their products marked public (and pictured: a product keeps its own
 * picture file, served to guests by the public picture route, the rest get a drawn one), so that the guest page
 * shows a real catalogue signed out; and both demo organisations' KYC verified.
 */
export const loadMarketplace = (orgId: OrgId, admin: DemoPerson, source: Catalog, verified: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const catalogs = yield* Catalogs
    const sql = yield* SqlClient.SqlClient
    const actor = demoActorOf(orgId, admin)
    const market = yield* catalogs.createCatalog(
      actor,
      new NewCatalogInput({
        nameEn: "Al Noor marketplace",
        nameAr: "سوق النور",
        description: "Office supplies, IT, safety equipment and furniture anyone may browse.",
        kind: "PUBLIC"
      })
    )
    const existing = yield* inTenant(orgId)(
      sql<{ id: string; name_en: string; parent_id: string | null }>`
        SELECT id, name_en, parent_id FROM categories WHERE catalog_id = ${source.id}`
    ).pipe(Effect.orDie)
    for (const [rootName, hue] of marketplaceRoots) {
      const root = existing.find((c) => c.name_en === rootName && c.parent_id === null)
      if (root === undefined) continue
      const ar = yield* inTenant(orgId)(
        sql<{ id: string; name_ar: string }>`SELECT id, name_ar FROM categories WHERE catalog_id = ${source.id}`
      ).pipe(Effect.orDie)
      const arOf = (id: string) => ar.find((c) => c.id === id)?.name_ar ?? ""
      const [made] = yield* catalogs.createCategories(actor, [
        { catalogId: market.id, nameEn: rootName, nameAr: arOf(root.id), image: demoPicture(rootName, hue) }
      ])
      const leaves = existing.filter((c) => c.parent_id === root.id)
      const children = yield* catalogs.createCategories(
        actor,
        leaves.map((leaf, i) => ({
          catalogId: market.id,
          nameEn: leaf.name_en,
          nameAr: arOf(leaf.id),
          parentId: made!.id,
          image: demoPicture(leaf.name_en, hue + i * 12)
        }))
      )
      for (const [i, leaf] of leaves.entries()) {
        const child = children[i]!
        yield* inTenant(orgId)(
          Effect.gen(function* () {
            const products = yield* sql<{ id: string; name_en: string }>`
              SELECT id, name_en FROM products WHERE org_id = ${orgId} AND ${leaf.id} = ANY(category_ids)`
            for (const p of products) {
              const media = JSON.stringify([{ src: demoPicture(p.name_en, hue + i * 12) }])
              yield* sql`UPDATE products
                            SET public = true,
                                media = CASE WHEN media = '[]'::jsonb THEN ${media}::jsonb ELSE media END,
                                catalog_ids = catalog_ids || ${textArray([market.id])}::text[],
                                category_ids = category_ids || ${textArray([child.id])}::text[]
                          WHERE id = ${p.id}`
            }
          })
        ).pipe(Effect.orDie)
      }
    }
    for (const id of verified) {
      yield* inTenant(id)(
        sql`INSERT INTO organisation_kyc (org_id, verified, verified_at) VALUES (${id}, true, now())
            ON CONFLICT (org_id) DO NOTHING`
      ).pipe(Effect.orDie)
    }
    return market
  })
