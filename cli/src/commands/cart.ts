import type { Command } from "commander"
import { Effect } from "effect"
import { nameFor } from "@tawreed/core/catalog"
import { cartKinds, type CartKind, type CartView } from "@tawreed/core/carts"
import { InvalidInput, type Locale } from "@tawreed/core/shared"
import type { TawreedClientError, TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import { countText, text } from "../Messages.ts"
import { emit } from "../Output.ts"
import type { Runner } from "../Runner.ts"
import { signedInClient } from "../Session.ts"
import { Settings } from "../Settings.ts"
import { columns } from "../Table.ts"

/**
 * `tawreed cart …`: the signed-in user's carts on the server (SPEC.md §2 Cart sidebars): the RFQ cart, the
 * direct-order cart and the public cart, the same ones the site's cart panel shows. A product is named by its SKU
 * (found exactly among the organisation's products) or by its id; quantities keep the line's minimum, which the
 * server judges.
 */
export const register = (parent: Command, run: Runner) => {
  const cart = parent.command("cart").description("your RFQ, direct-order and public carts")
  const kind = (value: string) => value
  cart
    .command("summary")
    .description("how many products each cart holds")
    .action((_options: unknown, command: Command) => run(command, summary))
  cart
    .command("show")
    .description("the products in a cart")
    .argument("<kind>", "rfq, order or public", kind)
    .action((value: string, _options: unknown, command: Command) => run(command, show(value)))
  cart
    .command("add")
    .description("put a product in a cart")
    .argument("<kind>", "rfq, order or public", kind)
    .argument("<product>", "the product's SKU or id")
    .argument("[quantity]", "how many (the line's minimum when left out)")
    .action((value: string, product: string, quantity: string | undefined, _options: unknown, command: Command) =>
      run(command, add(value, product, quantity))
    )
  cart
    .command("set")
    .description("change a product's quantity in a cart")
    .argument("<kind>", "rfq, order or public", kind)
    .argument("<product>", "the product's SKU or id")
    .argument("<quantity>", "the new quantity")
    .action((value: string, product: string, quantity: string, _options: unknown, command: Command) =>
      run(command, setQuantity(value, product, quantity))
    )
  cart
    .command("remove")
    .description("take a product out of a cart")
    .argument("<kind>", "rfq, order or public", kind)
    .argument("<product>", "the product's SKU or id")
    .action((value: string, product: string, _options: unknown, command: Command) =>
      run(command, remove(value, product))
    )
  cart
    .command("clear")
    .description("empty a cart")
    .argument("<kind>", "rfq, order or public", kind)
    .action((value: string, _options: unknown, command: Command) => run(command, clear(value)))
  return cart
}

const kindOf = (value: string) =>
  (cartKinds as ReadonlyArray<string>).includes(value)
    ? Effect.succeed(value as CartKind)
    : Effect.fail(new InvalidInput({ detail: `the cart must be ${cartKinds.join(", ")}, not '${value}'` }))

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A product's id from its SKU (matched exactly, ignoring case) or the id itself. */
const productIdOf = (client: Client, product: string) =>
  Effect.gen(function* () {
    if (uuid.test(product)) return product
    const page = yield* client.catalog.search(product, { page: 0, limit: 10 })
    const found = page.products.find((p) => p.sku.toLowerCase() === product.trim().toLowerCase())
    if (found === undefined)
      return yield* Effect.fail(new InvalidInput({ detail: `no product has the SKU '${product}'` }))
    return found.id
  })

const summary = Effect.gen(function* () {
  const { locale } = yield* Settings
  const client = yield* signedInClient
  const carts = yield* client.carts.summary()
  const offered = cartKinds.filter((kind) => carts.offered[kind])
  yield* emit(
    () =>
      offered.map(
        (kind) => `${text(cartName[kind], locale)}: ${countText("cartProducts", locale, carts.counts[kind])}`
      ),
    () => carts
  )
})

const cartName = { rfq: "cartRfq", order: "cartOrder", public: "cartPublic" } as const

const lines = (cart: CartView, locale: Locale) =>
  cart.lines.length === 0
    ? [text("cartEmpty", locale, { cart: text(cartName[cart.kind], locale) })]
    : [
        ...columns(
          [
            [
              text("columnSku", locale),
              text("columnQuantity", locale),
              text("columnVendor", locale),
              text("columnName", locale)
            ],
            ...cart.lines.map((line) => [
              line.product.sku,
              line.quantity,
              line.vendorName,
              nameFor(line.product.name, locale)
            ])
          ],
          [1]
        ),
        `${text(cartName[cart.kind], locale)}: ${countText("cartProducts", locale, cart.count)}`
      ]

type Client = TawreedClientShape

/** Runs one cart call and prints the cart it answers. */
const onCart = (
  value: string,
  call: (client: Client, kind: CartKind) => Effect.Effect<CartView, TawreedClientError | InvalidInput>
) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const kind = yield* kindOf(value)
    const client = yield* signedInClient
    const cart = yield* call(client, kind)
    yield* emit(
      () => lines(cart, locale),
      () => cart
    )
  })

const show = (value: string) => onCart(value, (client, kind) => client.carts.view(kind))

const add = (value: string, product: string, quantity: string | undefined) =>
  onCart(value, (client, kind) =>
    Effect.flatMap(productIdOf(client, product), (id) => client.carts.add(kind, id, quantity))
  )

const setQuantity = (value: string, product: string, quantity: string) =>
  onCart(value, (client, kind) =>
    Effect.flatMap(productIdOf(client, product), (id) => client.carts.setQuantity(kind, id, quantity))
  )

const remove = (value: string, product: string) =>
  onCart(value, (client, kind) => Effect.flatMap(productIdOf(client, product), (id) => client.carts.remove(kind, id)))

const clear = (value: string) => onCart(value, (client, kind) => client.carts.clear(kind))
