import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import {
  AddToCartInput,
  CartKindSchema,
  CartQuantityInput,
  CartSummary,
  CartView,
  DraftOrdersView,
  SelectDraftInput
} from "@tawreed/core/carts"
import { Uuid } from "@tawreed/core/shared"
import { changing, guarded, reading } from "../ApiContract.ts"

/**
 * Each user's three carts (SPEC.md §2 Cart sidebars, §4 Carts). SPEC.md §7 names no cart paths (the carts were the
 * browser's own); they are `carts/...` here, a cart named by its kind (`rfq`, `order`, `public`) and a line by its
 * product. Putting a product in a cart is idempotent by nature (a product is in a cart once, at the quantity last
 * sent), so no change takes an Idempotency-Key. Fixed paths come before the ones that end in a kind.
 */
export class CartsGroup extends HttpApiGroup.make("carts")
  .add(HttpApiEndpoint.get("summary", "/carts", { success: CartSummary, error: guarded }))
  .add(HttpApiEndpoint.get("drafts", "/carts/public/drafts", { success: DraftOrdersView, error: reading }))
  .add(
    HttpApiEndpoint.put("selectDraft", "/carts/public/drafts/selected", {
      payload: SelectDraftInput,
      success: DraftOrdersView,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("view", "/carts/:kind", { params: { kind: CartKindSchema }, success: CartView, error: reading })
  )
  .add(
    HttpApiEndpoint.delete("clear", "/carts/:kind", {
      params: { kind: CartKindSchema },
      success: CartView,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("add", "/carts/:kind/items", {
      params: { kind: CartKindSchema },
      payload: AddToCartInput,
      success: CartView,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("setQuantity", "/carts/:kind/items/:productId", {
      params: { kind: CartKindSchema, productId: Uuid },
      payload: CartQuantityInput,
      success: CartView,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.delete("remove", "/carts/:kind/items/:productId", {
      params: { kind: CartKindSchema, productId: Uuid },
      success: CartView,
      error: changing
    })
  ) {}
