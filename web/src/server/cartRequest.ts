import { Effect } from "effect"
import { Carts, type CartLine, type CartKind } from "@tawreed/core/carts"
import { inOrg } from "@tawreed/core/shared"
import type { PageAstro } from "./page.ts"
import { defaultTaxName, emptyItemRow, type ItemRow, maxItemRows } from "./requestForms.ts"

/**
 * A cart line as a row of the request's items step: its names, quantity, unit, price before taxes and the tax on
 * it.
 */
export const itemRowOfCartLine = (line: CartLine): ItemRow => ({
  ...emptyItemRow,
  nameEn: line.product.name.en,
  nameAr: line.product.name.ar,
  quantity: line.quantity,
  unit: line.product.unit,
  price: String(line.product.basePrice),
  taxMode: line.product.taxPercent > 0 ? "EXCLUSIVE" : "none",
  taxRate: line.product.taxPercent > 0 ? String(line.product.taxPercent) : "",
  taxName: line.product.taxPercent > 0 ? "VAT" : defaultTaxName
})

/**
 * The items a cart hands to a new product request (`?rfqCart=true`, SPEC.md §2 Cart sidebars): the RFQ cart's lines;
 * with `cart=order` the order cart's; with `cart=public` the selected draft order's (SPEC.md §4: the selected draft
 * goes on, until orders have a create route of their own). Undefined when the page was not opened from a cart.
 */
export const cartItemRows = async (astro: PageAstro): Promise<ReadonlyArray<ItemRow> | undefined> => {
  const { actor, runtime } = astro.locals
  if (actor === undefined || astro.url.searchParams.get("rfqCart") !== "true") return undefined
  const asked = astro.url.searchParams.get("cart")
  const kind: CartKind = asked === "order" || asked === "public" ? asked : "rfq"
  const lines = await runtime.runPromise(
    inOrg(
      actor.orgId,
      Effect.flatMap(Effect.service(Carts), (carts) =>
        kind === "public"
          ? Effect.map(
              carts.drafts(actor),
              (d) => d.drafts.find((draft) => draft.vendorKey === d.selected)?.lines ?? []
            )
          : Effect.map(carts.view(actor, kind), (view) => view.lines)
      )
    ).pipe(Effect.orElseSucceed(() => [] as ReadonlyArray<CartLine>))
  )
  return lines.length === 0 ? undefined : lines.slice(0, maxItemRows).map(itemRowOfCartLine)
}
