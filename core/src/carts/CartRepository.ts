import { Context, type Effect, type Option } from "effect"
import type { UserId } from "../identity/User.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import type { CartProduct } from "./Cart.ts"
import type { CartKind } from "./PublicCart.ts"

/** A line as the cart keeps it: the product as added, the quantity as decimal text, the supplier's key and name. */
export interface StoredCartLine {
  readonly product: CartProduct
  readonly quantity: string
  readonly vendorKey: string
  readonly vendorName: string
  readonly addedAt: string
}

/** Whose cart: one user's, in one organisation. */
export interface CartOwner {
  readonly orgId: OrgId
  readonly userId: UserId
}

/**
 * Where each user's three carts are kept (SPEC.md §4 Carts), on the server so that they follow the user across
 * devices and sign-outs. Every change is one conditional statement, so concurrent changes of one cart neither lose a
 * line nor keep one twice.
 */
export interface CartRepositoryShape {
  /** The cart's lines in the order they were first added. */
  readonly lines: (owner: CartOwner, kind: CartKind) => Effect.Effect<ReadonlyArray<StoredCartLine>>
  /** How many products each cart holds. */
  readonly counts: (owner: CartOwner) => Effect.Effect<Readonly<Record<CartKind, number>>>
  /**
   * Puts a product in the cart at a quantity; a product already there keeps its place and takes the new quantity
   * and details. A new product is taken only while the cart holds fewer than `limit`: false when it was full.
   */
  readonly put: (owner: CartOwner, kind: CartKind, line: StoredCartLine, limit: number) => Effect.Effect<boolean>
  /** Sets a line's quantity; false when the product is not in the cart. */
  readonly setQuantity: (
    owner: CartOwner,
    kind: CartKind,
    productId: string,
    quantity: string
  ) => Effect.Effect<boolean>
  /** Takes a product out of the cart; false when it was not there. */
  readonly remove: (owner: CartOwner, kind: CartKind, productId: string) => Effect.Effect<boolean>
  /** Empties the cart; how many lines it held. */
  readonly clear: (owner: CartOwner, kind: CartKind) => Effect.Effect<number>
  /** The supplier whose draft order of the public cart the user selected last. */
  readonly selectedDraft: (owner: CartOwner) => Effect.Effect<Option.Option<string>>
  readonly selectDraft: (owner: CartOwner, vendorKey: string) => Effect.Effect<void>
}

/** Port: where the carts are kept. */
export class CartRepository extends Context.Service<CartRepository, CartRepositoryShape>()(
  "@tawreed/core/carts/CartRepository"
) {}
