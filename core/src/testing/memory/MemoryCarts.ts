import { Effect, Layer, Option } from "effect"
import { CartRepository, type CartOwner, type StoredCartLine } from "../../carts/CartRepository.ts"
import { type CartKind, cartKinds } from "../../carts/PublicCart.ts"
import { MemoryIdentityStore } from "./MemoryIdentity.ts"

interface Store {
  /** Each cart's lines in the order first added, keyed by org, user and kind. */
  readonly carts: Map<string, Array<StoredCartLine>>
  readonly selected: Map<string, string>
}

const stores = new WeakMap<object, Store>()
const storeOf = (identity: object): Store => {
  let found = stores.get(identity)
  if (found === undefined) {
    found = { carts: new Map(), selected: new Map() }
    stores.set(identity, found)
  }
  return found
}

const ownerKey = (owner: CartOwner) => `${owner.orgId}/${owner.userId}`
const cartKey = (owner: CartOwner, kind: CartKind) => `${ownerKey(owner)}/${kind}`

/** Each user's carts in memory, one store per identity store, as the SQL one keeps them. */
export const layerMemoryCarts = Layer.effect(
  CartRepository,
  Effect.map(Effect.service(MemoryIdentityStore), (identity) => {
    const store = storeOf(identity)
    const cart = (owner: CartOwner, kind: CartKind): Array<StoredCartLine> => {
      const key = cartKey(owner, kind)
      let found = store.carts.get(key)
      if (found === undefined) {
        found = []
        store.carts.set(key, found)
      }
      return found
    }
    return CartRepository.of({
      lines: (owner, kind) => Effect.sync(() => [...cart(owner, kind)]),
      counts: (owner) =>
        Effect.sync(
          () =>
            Object.fromEntries(cartKinds.map((kind) => [kind, cart(owner, kind).length])) as Record<CartKind, number>
        ),
      put: (owner, kind, line, limit) =>
        Effect.sync(() => {
          const lines = cart(owner, kind)
          const at = lines.findIndex((l) => l.product.id === line.product.id)
          if (at >= 0) {
            const before = lines[at]!
            lines[at] = { ...line, addedAt: before.addedAt }
            return true
          }
          if (lines.length >= limit) return false
          lines.push(line)
          return true
        }),
      setQuantity: (owner, kind, productId, quantity) =>
        Effect.sync(() => {
          const lines = cart(owner, kind)
          const at = lines.findIndex((l) => l.product.id === productId)
          if (at < 0) return false
          lines[at] = { ...lines[at]!, quantity }
          return true
        }),
      remove: (owner, kind, productId) =>
        Effect.sync(() => {
          const lines = cart(owner, kind)
          const at = lines.findIndex((l) => l.product.id === productId)
          if (at < 0) return false
          lines.splice(at, 1)
          return true
        }),
      clear: (owner, kind) =>
        Effect.sync(() => {
          const lines = cart(owner, kind)
          const count = lines.length
          lines.splice(0, count)
          return count
        }),
      selectedDraft: (owner) => Effect.sync(() => Option.fromNullishOr(store.selected.get(ownerKey(owner)))),
      selectDraft: (owner, vendorKey) =>
        Effect.sync(() => {
          store.selected.set(ownerKey(owner), vendorKey)
        })
    })
  })
)
