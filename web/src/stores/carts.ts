import { atom, map } from "nanostores"
import { followFailure } from "../client/failures.ts"
import { $cartCounts, type CartKind } from "./cartCounts.ts"
import { showToast } from "./shell.ts"

// The carts as the header's buttons, the product rows and cards and the cart panel (a React island) share them. The
// carts themselves are kept on the server (`/api/carts/...`); this holds what the page last heard of them.

/** A cart line as `GET carts/{kind}` answers it, as far as the page draws it. */
export interface CartLineView {
  readonly product: {
    readonly id: string
    readonly sku: string
    readonly name: { readonly en: string; readonly ar: string }
    readonly brand: string
    readonly soldBy: string
    readonly image: string | null
    readonly price: number
    readonly currency: string
    readonly minQtyRFQ: number
    readonly minQtyDirectOrder: number
  }
  readonly quantity: string
  readonly minimum: string
  readonly vendorKey: string
  readonly vendorName: string
}

export { $cartCounts, $openCart, type CartKind } from "./cartCounts.ts"
/** Each cart's lines once read; undefined until the panel or a change reads them. */
export const $cartLines = map<Partial<Record<CartKind, ReadonlyArray<CartLineView>>>>({})
/** A change under way, by product id, so that its buttons wait. */
export const $cartBusy = map<Record<string, boolean>>({})

const send = async (method: string, path: string, body?: unknown): Promise<unknown> => {
  const response = await fetch(`/api/carts${path}`, {
    method,
    credentials: "same-origin",
    headers: {
      accept: "application/json",
      "accept-language": document.documentElement.lang === "ar" ? "ar" : "en",
      ...(body === undefined ? {} : { "content-type": "application/json" })
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  }).catch(() => undefined)
  if (response === undefined) {
    followFailure(0, undefined)
    return undefined
  }
  const answer: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    followFailure(response.status, answer)
    return undefined
  }
  return answer
}

const take = (answer: unknown): boolean => {
  if (typeof answer !== "object" || answer === null || !("kind" in answer)) return false
  const view = answer as { kind: CartKind; lines: ReadonlyArray<CartLineView>; count: number }
  $cartLines.setKey(view.kind, view.lines)
  $cartCounts.setKey(view.kind, view.count)
  return true
}

/** Reads a cart's lines. */
export const loadCart = async (kind: CartKind): Promise<boolean> => take(await send("GET", `/${kind}`))

/** Puts a product in a cart (at its minimum unless a quantity is given); answers whether it went in. */
export const addToCart = async (kind: CartKind, productId: string, quantity?: string, done?: string) => {
  $cartBusy.setKey(productId, true)
  const ok = take(
    await send("POST", `/${kind}/items`, quantity === undefined ? { productId } : { productId, quantity })
  )
  $cartBusy.setKey(productId, false)
  if (ok && done !== undefined) showToast("success", done)
  return ok
}

/** Sets a line's quantity; the server keeps it at or above the line's minimum. */
export const setCartQuantity = async (kind: CartKind, productId: string, quantity: string) => {
  $cartBusy.setKey(productId, true)
  const ok = take(await send("PUT", `/${kind}/items/${productId}`, { quantity }))
  $cartBusy.setKey(productId, false)
  return ok
}

export const removeFromCart = async (kind: CartKind, productId: string) =>
  take(await send("DELETE", `/${kind}/items/${productId}`))

/** Remove All. */
export const clearCart = async (kind: CartKind) => take(await send("DELETE", `/${kind}`))

/** A draft order of the public cart as `GET carts/public/drafts` answers it. */
export interface DraftView {
  readonly vendorKey: string
  readonly vendorName: string
  readonly total: string
  readonly currency: string
  readonly lines: ReadonlyArray<CartLineView>
}

/** The public cart's draft orders, one per vendor, and the selected one. */
export const $drafts = atom<
  { readonly drafts: ReadonlyArray<DraftView>; readonly selected: string | null } | undefined
>(undefined)

const takeDrafts = (answer: unknown) => {
  if (typeof answer === "object" && answer !== null && "drafts" in answer) {
    $drafts.set(answer as { drafts: ReadonlyArray<DraftView>; selected: string | null })
  }
}

/** Reads the public cart's draft orders. */
export const loadDrafts = async () => takeDrafts(await send("GET", "/public/drafts"))

/** Selects the draft order that Create Order hands on. */
export const selectDraft = async (vendorKey: string) =>
  takeDrafts(await send("PUT", "/public/drafts/selected", { vendorKey }))
