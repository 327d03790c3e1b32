import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { nameFor, type ProductPage } from "@tawreed/core/catalog"
import { InvalidInput, type Locale } from "@tawreed/core/shared"
import { countText, text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { columns } from "../../Table.ts"

const SearchOptions = Schema.Struct({
  page: Schema.NumberFromString,
  limit: Schema.NumberFromString
})

/**
 * `tawreed catalog search <text>`: the organisation's products ranked for a text in English or Arabic (its SKU
 * first, then products holding every word, then English stems, then similar words).
 */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("search")
    .argument("<text>", "what to look for: a name in English or Arabic, a brand, a model or a SKU")
    .description("search the organisation's products")
    .option("--page <page>", "the page, counting from 0", "0")
    .option("--limit <limit>", "products per page: 10, 25, 50, 100 or 500", "25")
    .action((query: string, options: unknown, command: Command) => run(command, search(query, options)))

const search = (query: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(SearchOptions)(options).pipe(
      Effect.mapError(() => new InvalidInput({ detail: "--page and --limit must be whole numbers" }))
    )
    const client = yield* signedInClient
    const page = yield* client.catalog.search(query, { page: decoded.page, limit: decoded.limit })
    yield* emit(
      () => lines(page, query, decoded.page, decoded.limit, locale),
      () => page
    )
  })

const lines = (page: ProductPage, query: string, at: number, limit: number, locale: Locale) => {
  const footer = countText("catalogSearchFooter", locale, page.totalCount, {
    page: at + 1,
    pages: Math.max(1, Math.ceil(page.totalCount / limit))
  })
  if (page.products.length === 0) return [text("catalogSearchNone", locale, { text: query.trim() })]
  return [
    ...columns(
      [
        [
          text("columnSku", locale),
          text("columnPrice", locale),
          text("columnBrand", locale),
          text("columnName", locale)
        ],
        ...page.products.map((p) => [
          p.sku,
          `${p.price.value.toFixed(2)} ${p.price.currency}`,
          p.brand,
          nameFor(p.name, locale)
        ])
      ],
      [1]
    ),
    footer
  ]
}
