// The product search and the products list at scale: generates N products in one organisation (beside a second
// organisation's, so that the tenant filter has something to leave out), then times the catalog repository's calls
// as the API makes them: searches in English (a word, a plural for the stemmer, a SKU) and in Arabic (another alef
// form, with the article, a broken plural for the trigram index), and pages of the products list (first, middle,
// last; by name and by price). Each figure is the call's time seen from the app: the database's work plus the
// driver's round trip and decoding, so an upper bound of the database time. It prints figures; it asserts nothing.
//
//   node tests/bench/search.ts                           (PGlite, 100,000 products; PostgreSQL, 1,000,000)
//   BENCH_PRODUCTS=20000 node tests/bench/search.ts      (smaller, for a quick run)
//   BENCH_ENGINES=pglite node tests/bench/search.ts      (one engine)
//   BENCH_RUNS=50 node tests/bench/search.ts             (timed runs of each call, after two warm-ups)
//   BENCH_KEEP=postgres://postgres@127.0.0.1:5432/search_bench node tests/bench/search.ts
//                                                        (PostgreSQL: generate into that database once and keep it;
//                                                         later runs time the products already there)
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { CatalogRepository, listMarkEvery, productSearchOf, type ProductQuery } from "@tawreed/core/catalog"
import type { OrgId } from "@tawreed/core/organisations"
import { foldSearchText, withoutArticle } from "@tawreed/core/search"
import { Fixtures } from "@tawreed/core/testing"
import { keepVocabulary, SqlCatalog } from "@tawreed/adapters/storage/catalog/SqlCatalog"
import * as Database from "@tawreed/adapters/storage/Database"
import { SqlFixtures } from "@tawreed/adapters/storage/SqlFixtures"
import { textArray } from "@tawreed/adapters/storage/SqlArrays"
import { inTenant } from "@tawreed/adapters/storage/Tenancy"
import * as TestDatabase from "@tawreed/adapters/testing/TestDatabase"

const serverUrl =
  process.env["BENCH_DATABASE_URL"] ?? process.env["TEST_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/test"
const runs = Number(process.env["BENCH_RUNS"] ?? 30)
const sizeFor = (engine: "pglite" | "postgresql") =>
  Number(process.env["BENCH_PRODUCTS"] ?? (engine === "postgresql" ? 1_000_000 : 100_000))
const engines = (process.env["BENCH_ENGINES"] ?? "pglite,postgresql").split(",") as Array<"pglite" | "postgresql">

const types: ReadonlyArray<readonly [string, string]> = [
  ["chair", "كرسي"],
  ["desk", "مكتب"],
  ["stapler", "دباسة"],
  ["pump", "مضخة"],
  ["cable", "كابل"],
  ["helmet", "خوذة"],
  ["glove", "قفاز"],
  ["printer", "طابعة"],
  ["toner", "حبر"],
  ["drill", "مثقاب"],
  ["valve", "صمام"],
  ["lamp", "مصباح"],
  ["binder", "ملف"],
  ["marker", "قلم"],
  ["router", "موجه"],
  ["switch", "مبدل"],
  ["ladder", "سلم"],
  ["shelf", "رف"],
  ["cabinet", "خزانة"],
  ["fan", "مروحة"],
  ["lighting", "إضاءة"],
  ["battery", "بطارية"],
  ["screen", "شاشة"],
  ["keyboard", "لوحة"]
]
const qualities: ReadonlyArray<readonly [string, string]> = [
  ["ergonomic", "مريح"],
  ["steel", "فولاذي"],
  ["wooden", "خشبي"],
  ["compact", "صغير"],
  ["heavy duty", "للخدمة الشاقة"],
  ["portable", "محمول"],
  ["digital", "رقمي"],
  ["industrial", "صناعي"],
  ["white", "أبيض"],
  ["black", "أسود"],
  ["large", "كبير"],
  ["premium", "فاخر"]
]
const brands = ["Bosch", "Makita", "Herman", "Steelcase", "3M", "Honeywell", "HP", "Canon", "Cisco", "Grundfos"]

/** The words as `searchDocument` folds them, joined, so that SQL can build each product's search text. */
const folded = (text: string) =>
  foldSearchText(text)
    .split(/\s+/)
    .map(withoutArticle)
    .filter((w) => w !== "")
    .join(" ")

/** Inserts `count` products of one organisation in batches of one statement each, as its owner would. */
const generate = (orgId: string, userId: string, count: number, tag: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const typeEn = types.map(([en]) => en)
    const typeAr = types.map(([, ar]) => ar)
    const typeArFolded = types.map(([, ar]) => folded(ar))
    const qualityEn = qualities.map(([en]) => en)
    const qualityAr = qualities.map(([, ar]) => ar)
    const qualityArFolded = qualities.map(([, ar]) => folded(ar))
    const batch = 50_000
    for (let from = 1; from <= count; from += batch) {
      const to = Math.min(count, from + batch - 1)
      yield* inTenant(orgId)(
        sql`
        INSERT INTO products (id, org_id, sku, sku_key, sku_number, name_en, name_ar, name_key, brand, brand_key, price,
          price_value, min_qty_rfq, min_qty_direct_order, is_available, allow_direct_order, allow_rfq, public,
          catalog_ids, category_ids, search_text, search_words, search_tsv, created_by)
        SELECT gen_random_uuid(), ${orgId}, sku, lower(sku), n, en, ar, lower(en), brand, lower(brand),
               jsonb_build_object('value', price, 'currency', 'SAR', 'valueForQuantity', 1, 'total', price,
                                  'percent', 15, 'basePrice', round(price / 1.15, 2), 'taxes', '[]'::jsonb),
               price, 1, 1, n % 13 <> 0, true, true, false, ARRAY['catalog-' || (n % 5)], ARRAY['c' || (n % 200)],
               doc, string_to_array(doc, ' '), to_tsvector('english', en || ' ' || brand), ${userId}
        FROM (
          SELECT n, sku, en, ar, brand, price,
                 lower(en) || ' ' || ar_folded || ' ' || lower(sku) || ' ' || lower(brand) AS doc
          FROM (
            SELECT n, ${tag} || '-' || n AS sku,
                   (${textArray(qualityEn)}::text[])[1 + n % ${qualities.length}] || ' ' || (${textArray(typeEn)}::text[])[1 + (n / ${qualities.length}) % ${types.length}] || ' ' || n AS en,
                   (${textArray(typeAr)}::text[])[1 + (n / ${qualities.length}) % ${types.length}] || ' ' || (${textArray(qualityAr)}::text[])[1 + n % ${qualities.length}] || ' ' || n AS ar,
                   (${textArray(typeArFolded)}::text[])[1 + (n / ${qualities.length}) % ${types.length}] || ' ' || (${textArray(qualityArFolded)}::text[])[1 + n % ${qualities.length}] || ' ' || n AS ar_folded,
                   (${textArray(brands)}::text[])[1 + n % ${brands.length}] AS brand,
                   round((5 + (n::bigint * 7919) % 5000)::numeric, 2) AS price
            FROM generate_series(${from}::integer, ${to}::integer) n
          ) named
        ) g`
      ).pipe(Effect.orDie)
      if (process.stdout.isTTY) process.stdout.write(`\r  ${to.toLocaleString("en")} of ${count.toLocaleString("en")}`)
    }
    // The vocabulary of the similar-word search, as saving each product keeps it.
    yield* inTenant(orgId)(keepVocabulary(sql, orgId)).pipe(Effect.orDie)
    if (process.stdout.isTTY) process.stdout.write("\n")
  })

const percentile = (sorted: ReadonlyArray<number>, q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0

/** Times a call: two warm-ups, then `runs` runs; p50 and p95 in milliseconds. */
const time = <A>(call: Effect.Effect<A>) =>
  Effect.gen(function* () {
    yield* call
    yield* call
    const taken: Array<number> = []
    let size = 0
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      const answer = yield* call
      taken.push(performance.now() - started)
      size = Array.isArray(answer) ? answer.length : Number(answer)
    }
    taken.sort((a, b) => a - b)
    return { p50: percentile(taken, 0.5), p95: percentile(taken, 0.95), size }
  })

const bench = (engine: "pglite" | "postgresql") =>
  Effect.gen(function* () {
    const count = sizeFor(engine)
    const sql = yield* SqlClient.SqlClient
    const fixtures = yield* Fixtures
    const repository = yield* CatalogRepository
    const [kept] = yield* sql<{ org_id: string }>`
      SELECT org_id FROM products WHERE sku_key = ${`prd-${count}`} LIMIT 1`.pipe(Effect.orDie)
    let orgId = kept?.org_id as OrgId
    if (kept === undefined) {
      const org = yield* fixtures.newUser({ roles: ["org_super_user"] })
      const other = yield* fixtures.newUser({ roles: ["org_super_user"] })
      orgId = org.orgId as OrgId
      console.log(`\n${engine}: generating ${count.toLocaleString("en")} products (and 10,000 of another organisation)`)
      const started = performance.now()
      yield* generate(other.orgId, other.id, Math.min(10_000, count), "OTHER")
      yield* generate(orgId, org.id, count, "PRD")
      yield* sql.unsafe("VACUUM ANALYZE products, product_words").pipe(Effect.orDie)
      console.log(`  generated and analysed in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    } else console.log(`\n${engine}: ${count.toLocaleString("en")} products kept from an earlier run`)

    const page = (extra: Partial<ProductQuery>): ProductQuery => ({
      sort: "name",
      offset: 0,
      limit: 25,
      includeOutOfStock: true,
      ...extra
    })
    const search = (text: string) =>
      repository.listProducts(orgId, page({ sort: "rank", search: productSearchOf(text) }))
    // As the products list asks: with the count of matches it has (and caches) beside the page.
    const listed = (extra: Partial<ProductQuery>) =>
      Effect.gen(function* () {
        const matching = yield* repository.countProducts(orgId, page(extra))
        return repository.listProducts(orgId, page({ ...extra, matching }))
      })
    // As the products list asks for a page past the first mark: from the mark before it (`Catalogs.listProducts`),
    // the marks read once and kept with the list's counts until a product changes.
    const marked = (extra: Partial<ProductQuery>) =>
      Effect.gen(function* () {
        const list = page(extra)
        const matching = yield* repository.countProducts(orgId, list)
        const marks = yield* repository.markList(orgId, list, listMarkEvery)
        const from = marks.findLast((mark) => mark.position <= list.offset)
        return repository.listProducts(orgId, { ...list, matching, from })
      })
    const lastPage = Math.max(0, Math.floor((count - 1) / 25) * 25)
    const cases: ReadonlyArray<readonly [string, Effect.Effect<unknown>]> = [
      ["search en: word 'stapler'", search("stapler")],
      ["search en: plural 'staplers'", search("staplers")],
      ["search en: plural 'ergonomic chairs'", search("ergonomic chairs")],
      ["search en: SKU", search(`PRD-${Math.floor(count / 2)}`)],
      ["search en: no match 'xylophone'", search("xylophone")],
      ["search ar: other alef 'اضاءه'", search("اضاءه")],
      ["search ar: article 'المضخة'", search("المضخة")],
      ["search ar: two words 'كرسي مريح'", search("كرسي مريح")],
      ["search ar: broken plural 'كراسي'", search("كراسي")],
      ["search count ar 'المضخة'", repository.countProducts(orgId, { search: productSearchOf("المضخة") })],
      ["list: first page by name", yield* listed({})],
      ["list: middle page by name", yield* listed({ offset: Math.floor(lastPage / 2) })],
      ["list: last page by name", yield* listed({ offset: lastPage })],
      ["list: marks every 1,000 by name (once a change)", repository.markList(orgId, page({}), listMarkEvery)],
      ["list: middle page by name, from its mark", yield* marked({ offset: Math.floor(lastPage / 2) })],
      ["list: last page by name, from its mark", yield* marked({ offset: lastPage })],
      ["list: last page by price, from its mark", yield* marked({ offset: lastPage, sort: "priceDesc" })],
      ["list: first page by price", yield* listed({ sort: "priceAsc" })],
      ["list: in stock, price 100-200", yield* listed({ includeOutOfStock: false, priceMin: 100, priceMax: 200 })],
      ["list: a category", yield* listed({ categoryIds: ["c42"] })],
      ["list: a catalog (a fifth)", yield* listed({ catalogIds: ["catalog-3"] })],
      ["list: count", repository.countProducts(orgId, { includeOutOfStock: true })]
    ]
    console.log(`  ${"call".padEnd(40)} ${"p50 ms".padStart(9)} ${"p95 ms".padStart(9)}   rows`)
    for (const [name, call] of cases) {
      const { p50, p95, size } = yield* time(call)
      console.log(`  ${name.padEnd(40)} ${p50.toFixed(2).padStart(9)} ${p95.toFixed(2).padStart(9)}   ${size}`)
    }
  })

const provided = (database: Layer.Layer<SqlClient.SqlClient, unknown>, engine: "pglite" | "postgresql") =>
  Effect.runPromise(
    bench(engine).pipe(Effect.provide(Layer.mergeAll(SqlCatalog, SqlFixtures).pipe(Layer.provideMerge(database))))
  )

for (const engine of engines) {
  if (engine === "pglite") {
    await provided(Database.layer({ engine: "pglite" }), engine)
    continue
  }
  const keep = process.env["BENCH_KEEP"]
  if (keep !== undefined) {
    await TestDatabase.ensureDatabase(keep)
    await provided(Database.layer({ engine: "postgresql", url: keep, maxConnections: 2 }), engine)
    continue
  }
  const scratch = await TestDatabase.createDatabase(serverUrl)
  try {
    await provided(Database.layer({ engine: "postgresql", url: scratch.url, maxConnections: 2 }), engine)
  } finally {
    await scratch.drop()
  }
}
