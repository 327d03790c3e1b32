import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { CartProduct, CartRepository, type CartKind, type CartOwner, type StoredCartLine } from "@tawreed/core/carts"
import { isUuid, json, tenantScope } from "../SqlKit.ts"

interface LineRow {
  readonly product: unknown
  readonly quantity: string
  readonly vendor_key: string
  readonly vendor_name: string
  readonly added_at: Date | string
}

const decodeProduct = Schema.decodeUnknownSync(CartProduct)
const encodeProduct = (product: CartProduct) => JSON.stringify(Schema.encodeSync(CartProduct)(product))
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString()

const toLine = (row: LineRow): StoredCartLine => ({
  product: decodeProduct(json(row.product)),
  quantity: row.quantity,
  vendorKey: row.vendor_key,
  vendorName: row.vendor_name,
  addedAt: iso(row.added_at)
})

/**
 * Each user's carts in PostgreSQL, each call inside the organisation. Every change is one statement: a product is
 * put with `INSERT … ON CONFLICT` (taken new only while the cart has room, counted in the same statement), a
 * quantity set, a line removed or a cart emptied by one `UPDATE` or `DELETE`.
 */
export const SqlCarts = Layer.effect(
  CartRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const tenant = tenantScope(sql)
    const whose = (owner: CartOwner, kind: CartKind) =>
      sql`org_id = ${owner.orgId} AND user_id = ${owner.userId} AND cart = ${kind}`

    return CartRepository.of({
      lines: (owner, kind) =>
        tenant(owner.orgId)(
          Effect.map(
            sql<LineRow>`
              SELECT product, trim_scale(quantity)::text AS quantity, vendor_key, vendor_name, added_at
              FROM cart_items WHERE ${whose(owner, kind)} ORDER BY seq`,
            (rows) => rows.map(toLine)
          )
        ),
      counts: (owner) =>
        tenant(owner.orgId)(
          Effect.map(
            sql<{ readonly cart: CartKind; readonly n: number | string }>`
              SELECT cart, count(*) AS n FROM cart_items
              WHERE org_id = ${owner.orgId} AND user_id = ${owner.userId} GROUP BY cart`,
            (rows) => {
              const counts = { rfq: 0, order: 0, public: 0 }
              for (const row of rows) counts[row.cart] = Number(row.n)
              return counts
            }
          )
        ),
      put: (owner, kind, line, limit) =>
        tenant(owner.orgId)(
          Effect.map(
            sql<{ readonly stored: number }>`
              INSERT INTO cart_items
                (org_id, user_id, cart, product_id, product, quantity, vendor_key, vendor_name, added_at)
              SELECT ${owner.orgId}, ${owner.userId}, ${kind}, ${line.product.id}::uuid,
                     ${encodeProduct(line.product)}::jsonb, ${line.quantity}::numeric, ${line.vendorKey},
                     ${line.vendorName}, ${line.addedAt}::timestamptz
              WHERE EXISTS (SELECT 1 FROM cart_items WHERE ${whose(owner, kind)} AND product_id = ${line.product.id}::uuid)
                 OR (SELECT count(*) FROM cart_items WHERE ${whose(owner, kind)}) < ${limit}
              ON CONFLICT (org_id, user_id, cart, product_id) DO UPDATE
                SET product = EXCLUDED.product, quantity = EXCLUDED.quantity,
                    vendor_key = EXCLUDED.vendor_key, vendor_name = EXCLUDED.vendor_name
              RETURNING 1 AS stored`,
            (rows) => rows.length > 0
          )
        ),
      setQuantity: (owner, kind, productId, quantity) =>
        isUuid(productId)
          ? tenant(owner.orgId)(
              Effect.map(
                sql`
                  UPDATE cart_items SET quantity = ${quantity}::numeric
                  WHERE ${whose(owner, kind)} AND product_id = ${productId}::uuid RETURNING 1`,
                (rows) => rows.length > 0
              )
            )
          : Effect.succeed(false),
      remove: (owner, kind, productId) =>
        isUuid(productId)
          ? tenant(owner.orgId)(
              Effect.map(
                sql`DELETE FROM cart_items WHERE ${whose(owner, kind)} AND product_id = ${productId}::uuid RETURNING 1`,
                (rows) => rows.length > 0
              )
            )
          : Effect.succeed(false),
      clear: (owner, kind) =>
        tenant(owner.orgId)(
          Effect.map(sql`DELETE FROM cart_items WHERE ${whose(owner, kind)} RETURNING 1`, (rows) => rows.length)
        ),
      selectedDraft: (owner) =>
        tenant(owner.orgId)(
          Effect.map(
            sql<{ readonly vendor_key: string }>`
              SELECT vendor_key FROM cart_selections WHERE org_id = ${owner.orgId} AND user_id = ${owner.userId}`,
            (rows) => Option.map(Option.fromNullishOr(rows[0]), (r) => r.vendor_key)
          )
        ),
      selectDraft: (owner, vendorKey) =>
        tenant(owner.orgId)(
          Effect.asVoid(sql`
            INSERT INTO cart_selections (org_id, user_id, vendor_key) VALUES (${owner.orgId}, ${owner.userId}, ${vendorKey})
            ON CONFLICT (org_id, user_id) DO UPDATE SET vendor_key = EXCLUDED.vendor_key`)
        )
    })
  })
)
