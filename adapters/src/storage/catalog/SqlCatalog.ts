import { randomUUID } from "node:crypto"
import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { Fragment } from "effect/sql/Statement"
import {
  Catalog,
  type CatalogKind,
  type CatalogRecord,
  CatalogRepository,
  type CatalogScope,
  Category,
  type CategoryRecord,
  LocalText,
  pathOf,
  Product,
  productEnglishText,
  type ProductFilter,
  type ProductListMark,
  ProductMedia,
  productNameKey,
  ProductPrice,
  type ProductQuery,
  type ProductSort,
  type ProductRecord,
  type ProductSearch,
  productSearchText,
  skuKey,
  skuNumber,
  TechSpec,
  trigramThreshold,
  closeSimilarity,
  VendorPrice
} from "@tawreed/core/catalog"
import type { OrgId } from "@tawreed/core/organisations"
import { searchWords, singularCandidates } from "@tawreed/core/search"
import { textArray } from "../SqlArrays.ts"
import { isUuid, json, pageWithTotal, tenantScope, thenFind, updateAtVersion, uuidArray } from "../SqlKit.ts"

interface CatalogRow {
  readonly id: string
  readonly org_id: string
  readonly name_en: string
  readonly name_ar: string
  readonly description: string
  readonly kind: CatalogKind
  readonly vendor_id: string | null
  readonly image: string | null
  readonly version: number
  readonly created_at: Date | string
  readonly updated_at: Date | string
}

interface CategoryRow {
  readonly id: string
  readonly catalog_id: string
  readonly parent_id: string | null
  readonly path_array: ReadonlyArray<string> | string
  readonly name_en: string
  readonly name_ar: string
  readonly image: string | null
  readonly version: number
  readonly created_at: Date | string
  readonly updated_at: Date | string
}

interface ProductRow {
  readonly id: string
  readonly org_id: string
  readonly sku: string
  readonly name_en: string
  readonly name_ar: string
  readonly description_en: string
  readonly description_ar: string
  readonly brand: string
  readonly model: string
  readonly origin_country: string
  readonly sold_by: string
  readonly price: unknown
  readonly min_qty_rfq: string | number
  readonly min_qty_direct_order: string | number
  readonly is_available: boolean
  readonly allow_direct_order: boolean
  readonly allow_rfq: boolean
  readonly public: boolean
  readonly tech_specs: unknown
  readonly media: unknown
  readonly attachments: ReadonlyArray<string>
  readonly catalog_ids: ReadonlyArray<string>
  readonly category_ids: ReadonlyArray<string>
  readonly vendors: unknown
  readonly created_by: string
  readonly version: number
  readonly created_at: Date | string
  readonly updated_at: Date | string
}

const codec = <S extends Schema.Codec<unknown, unknown>>(schema: S) => ({
  decode: Schema.decodeUnknownSync(schema as never) as (u: unknown) => S["Type"],
  encode: (value: S["Type"]) => JSON.stringify(Schema.encodeSync(schema as never)(value as never))
})
const price = codec(ProductPrice)
const techSpecs = codec(Schema.Array(TechSpec))
const media = codec(Schema.Array(ProductMedia))
const vendors = codec(Schema.Array(VendorPrice))

const iso = (at: Date | string): string => new Date(at).toISOString()

/** A uuid[] as the driver hands it over: an array, or its text form `{a,b}`. */
const uuids = (value: ReadonlyArray<string> | string): ReadonlyArray<string> =>
  typeof value === "string"
    ? value
        .replace(/^\{|\}$/g, "")
        .split(",")
        .filter((v) => v !== "")
    : value

const catalogColumns = `c.id, c.org_id, c.name_en, c.name_ar, c.description, c.kind, c.vendor_id, c.image, c.version,
  c.created_at, c.updated_at`
const categoryColumns = `g.id, g.catalog_id, g.parent_id, g.path_array, g.name_en, g.name_ar, g.image, g.version,
  g.created_at, g.updated_at`
const productColumns = `p.id, p.org_id, p.sku, p.name_en, p.name_ar, p.description_en, p.description_ar, p.brand, p.model,
  p.origin_country, p.sold_by, p.price, p.min_qty_rfq, p.min_qty_direct_order, p.is_available, p.allow_direct_order,
  p.allow_rfq, p.public, p.tech_specs, p.media, p.attachments, p.catalog_ids, p.category_ids, p.vendors,
  p.created_by, p.version, p.created_at, p.updated_at`

const toCatalog =
  (orgId: string) =>
  (row: CatalogRow): Catalog =>
    new Catalog({
      id: row.id,
      name: new LocalText({ en: row.name_en, ar: row.name_ar }),
      description: row.description,
      kind: row.kind,
      vendorId: row.vendor_id,
      image: row.image,
      owned: row.org_id === orgId,
      version: Number(row.version),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at)
    })

const toCategory = (row: CategoryRow): Category => {
  const pathArray = uuids(row.path_array)
  return new Category({
    id: row.id,
    catalogId: row.catalog_id,
    name: new LocalText({ en: row.name_en, ar: row.name_ar }),
    image: row.image,
    parentId: row.parent_id,
    pathArray,
    path: pathOf(pathArray),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at)
  })
}

const toProduct =
  (orgId: string) =>
  (row: ProductRow): Product =>
    new Product({
      id: row.id,
      sku: row.sku,
      name: new LocalText({ en: row.name_en, ar: row.name_ar }),
      description: new LocalText({ en: row.description_en, ar: row.description_ar }),
      brand: row.brand,
      model: row.model,
      originCountry: row.origin_country,
      soldBy: row.sold_by,
      price: price.decode(json(row.price)),
      minQtyRFQ: Number(row.min_qty_rfq),
      minQtyDirectOrder: Number(row.min_qty_direct_order),
      isAvailable: row.is_available,
      allowDirectOrder: row.allow_direct_order,
      allowRFQ: row.allow_rfq,
      public: row.public,
      techSpecs: techSpecs.decode(json(row.tech_specs)),
      mediaList: media.decode(json(row.media)),
      attachments: [...row.attachments],
      catalogs: [...row.catalog_ids],
      categories: [...row.category_ids],
      vendors: vendors.decode(json(row.vendors)),
      createdBy: row.created_by,
      owned: row.org_id === orgId,
      version: Number(row.version),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at)
    })

/**
 * Adds the words of an organisation's products to its vocabulary (migration 0028), for products written straight
 * into the table (the demo catalog, an import of many rows): saving one product keeps its own words.
 */
export const keepVocabulary = (sql: SqlClient.SqlClient, orgId: string) =>
  sql`
    INSERT INTO product_words (org_id, word, public)
    SELECT org_id, w, bool_or(public) FROM products, unnest(search_words) w
    WHERE org_id = ${orgId} AND deleted_at IS NULL AND w <> '' AND w !~ '[0-9]'
    GROUP BY org_id, w
    ON CONFLICT (org_id, word) DO UPDATE SET public = true WHERE excluded.public AND NOT product_words.public`

/** Per word of a search, the vocabulary's words similar to it, and those of them that are close. */
type SimilarWords = ReadonlyArray<{ readonly all: ReadonlyArray<string>; readonly close: ReadonlyArray<string> }>

/** The most matches `listProducts` gathers and sorts; a list that matches more walks its order's index. */
const gatherAtMost = 10_000

/**
 * The deepest a search's page may end to be read from the postings (migration 0039), and the most words one of its
 * tiers may walk; a page past it, or a tier of more similar words, gathers its matches.
 */
const walkAtMost = 1_000
const walkWordsAtMost = 16

/** One tier of a search walked through the postings: its rank, and the words (or English stems) it walks. */
interface PostingTier {
  readonly rank: number
  readonly stem: boolean
  readonly words: ReadonlyArray<string>
}

/** Whether a word has postings (migration 0039): one with a digit has none. */
const posted = (word: string): boolean => word !== "" && !/[0-9]/.test(word)

/** The English words of a query, for the stemmer (the folded words serve every other tier). */
const englishWords = (text: string): string => (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).join(" ")

/**
 * Catalogs, categories and products in PostgreSQL, each call inside the organisation (public catalogs, their
 * categories and public products read through their own policy), joining the caller's transaction as a
 * savepoint when there is one. The search ranks as `SearchRank.ts` describes, the trigram tier with pg_trgm's
 * `word_similarity` at `trigramThreshold` over the vocabulary of `product_words` (migration 0028).
 */
export const SqlCatalog = Layer.effect(
  CatalogRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const tenant = tenantScope(sql)
    const catalogCols = sql.literal(catalogColumns)
    const categoryCols = sql.literal(categoryColumns)
    const productCols = sql.literal(productColumns)

    // -- Catalogs ----------------------------------------------------------------------------------------------

    const findCatalogIn = (orgId: OrgId, id: string) =>
      Effect.gen(function* () {
        if (!isUuid(id)) return Option.none<Catalog>()
        const rows = yield* sql<CatalogRow>`
          SELECT ${catalogCols} FROM catalogs c
          WHERE c.id = ${id} AND (c.org_id = ${orgId} OR c.kind = 'PUBLIC' OR c.id::text = ANY (app_member_catalogs()))`
        return Option.map(Option.fromNullishOr(rows[0]), toCatalog(orgId))
      })

    const catalogSet = (record: CatalogRecord) =>
      [
        ["name_en", record.name.en],
        ["name_ar", record.name.ar],
        ["name_key", (record.name.en || record.name.ar).toLowerCase()],
        ["description", record.description],
        ["kind", record.kind],
        ["vendor_id", record.vendorId],
        ["image", record.image]
      ] as const

    const insertCatalog = Effect.fn("SqlCatalog.insertCatalog")(function* (orgId: OrgId, record: CatalogRecord) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const id = randomUUID()
          const fields = catalogSet(record)
          yield* sql`
            INSERT INTO catalogs (id, org_id, ${sql.csv(fields.map(([c]) => sql.literal(c)))})
            VALUES (${id}, ${orgId}, ${sql.csv(fields.map(([, v]) => sql`${v}`))})`
          return Option.getOrThrow(yield* findCatalogIn(orgId, id))
        })
      )
    })

    const updateCatalog = Effect.fn("SqlCatalog.updateCatalog")(function* (
      orgId: OrgId,
      id: string,
      record: CatalogRecord,
      expectedVersion: number
    ) {
      const set = sql.csv(catalogSet(record).map(([c, v]) => sql`${sql.literal(c)} = ${v}`))
      return yield* tenant(orgId)(
        updateAtVersion(
          { table: "catalogs", entity: "catalog", orgId, id, version: expectedVersion },
          sql`${set}, updated_at = date_trunc('milliseconds', now())`
        ).pipe(thenFind(findCatalogIn(orgId, id)))
      )
    })

    const listCatalogs = Effect.fn("SqlCatalog.listCatalogs")(function* (
      orgId: OrgId,
      scope: CatalogScope,
      offset: number,
      limit: number
    ) {
      const where =
        scope === "own"
          ? sql`c.org_id = ${orgId}`
          : scope === "public"
            ? sql`c.kind = 'PUBLIC'`
            : sql`c.org_id <> ${orgId} AND c.id::text = ANY (app_member_catalogs())`
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const { rows, totalCount } = yield* pageWithTotal(
            sql<CatalogRow & { total: number | string }>`
              SELECT ${catalogCols}, count(*) OVER () AS total FROM catalogs c WHERE ${where}
              ORDER BY c.name_key, c.id LIMIT ${limit} OFFSET ${offset}`,
            offset,
            () => sql<{ n: number | string }>`SELECT count(*) AS n FROM catalogs c WHERE ${where}`
          )
          return { catalogs: rows.map(toCatalog(orgId)), totalCount }
        })
      )
    })

    // -- Categories --------------------------------------------------------------------------------------------

    const findCategoryIn = (orgId: OrgId, id: string) =>
      Effect.gen(function* () {
        if (!isUuid(id)) return Option.none<Category>()
        const rows = yield* sql<CategoryRow>`SELECT ${categoryCols} FROM categories g WHERE g.id = ${id}`
        return Option.map(Option.fromNullishOr(rows[0]), toCategory)
      })

    const insertCategory = Effect.fn("SqlCatalog.insertCategory")(function* (orgId: OrgId, record: CategoryRecord) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const id = randomUUID()
          const pathArray = [...record.parentPath, id]
          yield* sql`
            INSERT INTO categories (id, org_id, catalog_id, parent_id, path_array, path, name_en, name_ar, image)
            VALUES (${id}, ${orgId}, ${record.catalogId}, ${record.parentId}, ${uuidArray(pathArray)}::uuid[],
              ${pathOf(pathArray)}, ${record.name.en}, ${record.name.ar}, ${record.image})`
          return Option.getOrThrow(yield* findCategoryIn(orgId, id))
        })
      )
    })

    const findCategory = Effect.fn("SqlCatalog.findCategory")(function* (orgId: OrgId, id: string) {
      return yield* tenant(orgId)(findCategoryIn(orgId, id))
    })

    const updateCategory = Effect.fn("SqlCatalog.updateCategory")(function* (
      orgId: OrgId,
      id: string,
      fields: { readonly name: LocalText; readonly image: string | null },
      expectedVersion: number
    ) {
      return yield* tenant(orgId)(
        updateAtVersion(
          { table: "categories", entity: "category", orgId, id, version: expectedVersion },
          sql`name_en = ${fields.name.en}, name_ar = ${fields.name.ar}, image = ${fields.image},
              updated_at = date_trunc('milliseconds', now())`
        ).pipe(thenFind(findCategoryIn(orgId, id)))
      )
    })

    const moveCategory = Effect.fn("SqlCatalog.moveCategory")(function* (
      orgId: OrgId,
      id: string,
      parentId: string | null,
      parentPath: ReadonlyArray<string>,
      expectedVersion: number
    ) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const moved = yield* updateAtVersion(
            { table: "categories", entity: "category", orgId, id, version: expectedVersion },
            sql`parent_id = ${parentId}, updated_at = date_trunc('milliseconds', now())`
          )
          if (Option.isNone(moved)) return Option.none<Category>()
          yield* sql`
            UPDATE categories SET
              path_array = ${uuidArray(parentPath)}::uuid[] || path_array[array_position(path_array, ${id}::uuid):],
              path = array_to_string(
                ${uuidArray(parentPath)}::uuid[] || path_array[array_position(path_array, ${id}::uuid):], ',')
            WHERE org_id = ${orgId} AND path_array @> ARRAY[${id}::uuid]`
          return yield* findCategoryIn(orgId, id)
        })
      )
    })

    const categoryUsage = Effect.fn("SqlCatalog.categoryUsage")(function* (orgId: OrgId, id: string) {
      if (!isUuid(id)) return { children: 0, products: 0 }
      return yield* tenant(orgId)(
        Effect.map(
          sql<{ children: number | string; products: number | string }>`
            SELECT
              (SELECT count(*) FROM categories g WHERE g.org_id = ${orgId} AND g.parent_id = ${id}) AS children,
              (SELECT count(*) FROM products p WHERE p.org_id = ${orgId} AND p.deleted_at IS NULL
                 AND p.category_ids @> ARRAY[${id}]::text[]) AS products`,
          ([row]) => ({ children: Number(row?.children ?? 0), products: Number(row?.products ?? 0) })
        )
      )
    })

    const deleteCategory = Effect.fn("SqlCatalog.deleteCategory")(function* (orgId: OrgId, id: string) {
      if (!isUuid(id)) return false
      const rows = yield* tenant(orgId)(sql`DELETE FROM categories WHERE org_id = ${orgId} AND id = ${id} RETURNING id`)
      return rows.length > 0
    })

    const listCategories = Effect.fn("SqlCatalog.listCategories")(function* (
      orgId: OrgId,
      query: {
        readonly catalogId?: string | undefined
        readonly parentId?: string | null | undefined
        readonly offset: number
        readonly limit: number
      }
    ) {
      const clauses: Array<Fragment> = []
      if (query.catalogId === undefined) clauses.push(sql`g.org_id = ${orgId}`)
      else if (!isUuid(query.catalogId)) return { categories: [], totalCount: 0 }
      else clauses.push(sql`g.catalog_id = ${query.catalogId}`)
      if (query.parentId === null) clauses.push(sql`g.parent_id IS NULL`)
      else if (query.parentId !== undefined) {
        if (!isUuid(query.parentId)) return { categories: [], totalCount: 0 }
        clauses.push(sql`g.parent_id = ${query.parentId}`)
      }
      const where = sql.and(clauses)
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const { rows, totalCount } = yield* pageWithTotal(
            sql<CategoryRow & { total: number | string }>`
              SELECT ${categoryCols}, count(*) OVER () AS total FROM categories g WHERE ${where}
              ORDER BY g.path LIMIT ${query.limit} OFFSET ${query.offset}`,
            query.offset,
            () => sql<{ n: number | string }>`SELECT count(*) AS n FROM categories g WHERE ${where}`
          )
          return { categories: rows.map(toCategory), totalCount }
        })
      )
    })

    const subtreeIds = Effect.fn("SqlCatalog.subtreeIds")(function* (orgId: OrgId, id: string) {
      if (!isUuid(id)) return []
      return yield* tenant(orgId)(
        Effect.map(
          sql<{ id: string }>`SELECT g.id FROM categories g WHERE g.path_array @> ARRAY[${id}::uuid]`,
          (rows) => rows.map((r) => r.id)
        )
      )
    })

    // -- Products ----------------------------------------------------------------------------------------------

    /** The products the organisation reads: its own, public ones, and those of the catalogs it is a member of. */
    const readable = (orgId: OrgId): Fragment =>
      sql`(p.org_id = ${orgId} OR p.public OR p.catalog_ids && app_member_catalogs())`

    const findProductIn = (orgId: OrgId, id: string) =>
      Effect.gen(function* () {
        if (!isUuid(id)) return Option.none<Product>()
        const rows = yield* sql<ProductRow>`
          SELECT ${productCols} FROM products p
          WHERE p.id = ${id} AND p.deleted_at IS NULL AND ${readable(orgId)}`
        return Option.map(Option.fromNullishOr(rows[0]), toProduct(orgId))
      })

    const productSet = (record: ProductRecord): ReadonlyArray<readonly [string, unknown, string]> => [
      ["sku", record.sku, "text"],
      ["sku_key", skuKey(record.sku), "text"],
      ["sku_number", skuNumber(record.sku) ?? null, "bigint"],
      ["name_en", record.name.en, "text"],
      ["name_ar", record.name.ar, "text"],
      ["name_key", productNameKey(record.name), "text"],
      ["description_en", record.description.en, "text"],
      ["description_ar", record.description.ar, "text"],
      ["brand", record.brand, "text"],
      ["brand_key", record.brand.toLowerCase(), "text"],
      ["model", record.model, "text"],
      ["origin_country", record.originCountry, "text"],
      ["sold_by", record.soldBy, "text"],
      ["price", price.encode(record.price), "jsonb"],
      ["price_value", String(record.price.value), "numeric"],
      ["min_qty_rfq", String(record.minQtyRFQ), "numeric"],
      ["min_qty_direct_order", String(record.minQtyDirectOrder), "numeric"],
      ["is_available", record.isAvailable, "boolean"],
      ["allow_direct_order", record.allowDirectOrder, "boolean"],
      ["allow_rfq", record.allowRFQ, "boolean"],
      ["public", record.public, "boolean"],
      ["tech_specs", techSpecs.encode(record.techSpecs), "jsonb"],
      ["media", media.encode(record.mediaList), "jsonb"],
      ["attachments", textArray(record.attachments), "text[]"],
      ["catalog_ids", textArray(record.catalogs), "text[]"],
      ["category_ids", textArray(record.categories), "text[]"],
      ["vendors", vendors.encode(record.vendors), "jsonb"],
      ["search_text", productSearchText(record), "text"],
      ["search_words", textArray(searchWords(productSearchText(record))), "text[]"],
      ["created_by", record.createdBy, "uuid"]
    ]

    const cast = (value: unknown, type: string) => sql`${value}::${sql.literal(type)}`
    const tsv = (record: ProductRecord) => sql`to_tsvector('english', ${productEnglishText(record)})`

    /** Adds the product's words to the organisation's vocabulary (migration 0028), marking them public with it. */
    const keepWords = (orgId: OrgId, record: ProductRecord) =>
      sql`
        INSERT INTO product_words (org_id, word, public)
        SELECT ${orgId}, w, ${record.public} FROM unnest(${textArray(searchWords(productSearchText(record)))}::text[]) w
        WHERE w <> '' AND w !~ '[0-9]'
        ON CONFLICT (org_id, word) DO UPDATE SET public = true WHERE excluded.public AND NOT product_words.public`

    const highestSkuNumber = Effect.fn("SqlCatalog.highestSkuNumber")(function* (orgId: OrgId) {
      return yield* tenant(orgId)(
        Effect.andThen(
          // Held until the caller's transaction ends: a second taker of the next SKU waits, then reads the first's.
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`products:${orgId}:sku-next`}, 0))`,
          Effect.map(
            sql<{ n: string | number | null }>`
              SELECT max(sku_number) AS n FROM products WHERE org_id = ${orgId} AND deleted_at IS NULL`,
            ([row]) => Number(row?.n ?? 0)
          )
        )
      )
    })

    const insertProduct = Effect.fn("SqlCatalog.insertProduct")(function* (orgId: OrgId, record: ProductRecord) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const id = randomUUID()
          const fields = productSet(record)
          yield* sql`
            INSERT INTO products (id, org_id, ${sql.csv(fields.map(([c]) => sql.literal(c)))}, search_tsv)
            VALUES (${id}, ${orgId}, ${sql.csv(fields.map(([, v, t]) => cast(v, t)))}, ${tsv(record)})`
          yield* keepWords(orgId, record)
          return Option.getOrThrow(yield* findProductIn(orgId, id))
        })
      )
    })

    const findProduct = Effect.fn("SqlCatalog.findProduct")(function* (orgId: OrgId, id: string) {
      return yield* tenant(orgId)(findProductIn(orgId, id))
    })

    /** Read as the reader's organisation, so the products policy decides, as it does for `findProduct`. */
    const productOwner = Effect.fn("SqlCatalog.productOwner")(function* (orgId: OrgId, id: string) {
      if (!isUuid(id)) return Option.none<OrgId>()
      const rows = yield* tenant(orgId)(
        sql<{ org_id: string }>`
          SELECT p.org_id FROM products p
          WHERE p.id = ${id} AND p.deleted_at IS NULL AND ${readable(orgId)}`
      )
      return Option.map(Option.fromNullishOr(rows[0]), (row) => row.org_id as OrgId)
    })

    const findBySku = Effect.fn("SqlCatalog.findBySku")(function* (orgId: OrgId, sku: string, exceptId: string | null) {
      const key = skuKey(sku)
      const except = exceptId !== null && isUuid(exceptId) ? exceptId : null
      return yield* tenant(orgId)(
        Effect.andThen(
          // Held until the caller's transaction ends, so two products never take one SKU however writes interleave.
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`products:${orgId}:sku:${key}`}, 0))`,
          Effect.map(
            sql<ProductRow>`
              SELECT ${productCols} FROM products p
              WHERE p.org_id = ${orgId} AND p.sku_key = ${key} AND p.deleted_at IS NULL
                AND (${except}::uuid IS NULL OR p.id <> ${except}::uuid)
              LIMIT 1`,
            (rows) => Option.map(Option.fromNullishOr(rows[0]), toProduct(orgId))
          )
        )
      )
    })

    const updateProduct = Effect.fn("SqlCatalog.updateProduct")(function* (
      orgId: OrgId,
      id: string,
      record: ProductRecord,
      expectedVersion: number
    ) {
      const set = sql.csv(productSet(record).map(([c, v, t]) => sql`${sql.literal(c)} = ${cast(v, t)}`))
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const live = isUuid(id)
            ? yield* sql`SELECT 1 FROM products WHERE org_id = ${orgId} AND id = ${id} AND deleted_at IS NULL`
            : []
          if (live.length === 0) return Option.none<Product>()
          const updated = yield* updateAtVersion(
            { table: "products", entity: "product", orgId, id, version: expectedVersion },
            sql`${set}, search_tsv = ${tsv(record)}, updated_at = date_trunc('milliseconds', now())`
          ).pipe(thenFind(findProductIn(orgId, id)))
          if (Option.isSome(updated)) yield* keepWords(orgId, record)
          return updated
        })
      )
    })

    const deleteProduct = Effect.fn("SqlCatalog.deleteProduct")(function* (orgId: OrgId, id: string) {
      if (!isUuid(id)) return false
      const rows = yield* tenant(orgId)(
        sql`UPDATE products SET deleted_at = date_trunc('milliseconds', now()), version = version + 1
            WHERE org_id = ${orgId} AND id = ${id} AND deleted_at IS NULL RETURNING id`
      )
      return rows.length > 0
    })

    /** Whose words a similar-word search reads: the organisation's, and public products' where public ones count. */
    /**
     * Whose vocabulary a search's similar words come from: the organisation's; in a catalogs filter also the public
     * products' and that of the filter's catalogs' organisations, which a member of one of their catalogs reads
     * (migration 0038).
     */
    const wordOwners = (orgId: OrgId, filter: ProductFilter): Fragment =>
      filter.catalogIds === undefined
        ? sql`v.org_id = ${orgId}`
        : sql`(v.org_id = ${orgId} OR v.public OR v.org_id IN (
            SELECT c.org_id FROM catalogs c WHERE c.id::text = ANY (${textArray(filter.catalogIds)}::text[])))`

    /**
     * The filter in SQL over alias `p`. Whose products: the organisation's; in a catalogs filter also other
     * organisations' public ones and those of the catalogs it is a member of (`whose` "any"), which a walk reads as
     * three branches ("own", "others": public ones, "members": the rest of the member catalogs', through the GIN
     * index on `catalog_ids`). A search adds its match: exact (tiers 0 to 2 of `SearchRank.ts`) or, given the
     * similar words, tier 3.
     */
    const where = (
      orgId: OrgId,
      filter: ProductFilter,
      similar?: SimilarWords,
      whose: "own" | "others" | "members" | "any" = filter.catalogIds === undefined ? "own" : "any"
    ): Fragment => {
      const clauses: Array<Fragment> = [sql`p.deleted_at IS NULL`]
      if (whose === "own") clauses.push(sql`p.org_id = ${orgId}`)
      else if (whose === "others") clauses.push(sql`p.public AND p.org_id <> ${orgId}`)
      else if (whose === "members") {
        clauses.push(sql`NOT p.public AND p.org_id <> ${orgId} AND p.catalog_ids && app_member_catalogs()`)
      } else clauses.push(readable(orgId))
      if (filter.catalogIds !== undefined) clauses.push(sql`p.catalog_ids && ${textArray(filter.catalogIds)}::text[]`)
      if (filter.categoryIds !== undefined) {
        clauses.push(sql`p.category_ids && ${textArray(filter.categoryIds)}::text[]`)
      }
      if (filter.priceMin !== undefined) clauses.push(sql`p.price_value >= ${String(filter.priceMin)}::numeric`)
      if (filter.priceMax !== undefined) clauses.push(sql`p.price_value <= ${String(filter.priceMax)}::numeric`)
      if (filter.brands !== undefined) clauses.push(sql`p.brand = ANY(${textArray(filter.brands)}::text[])`)
      if (filter.suppliers !== undefined) clauses.push(sql`p.sold_by = ANY(${textArray(filter.suppliers)}::text[])`)
      if (filter.includeOutOfStock !== true) clauses.push(sql`p.is_available`)
      const search = filter.search
      if (search !== undefined) {
        const matches: Array<Fragment> = []
        if (similar !== undefined) {
          // Each word of the query meets one of its similar words of the vocabulary (migration 0028).
          if (similar.every((words) => words.all.length > 0)) {
            matches.push(sql.and(similar.map((words) => sql`p.search_words && ${textArray(words.all)}::text[]`)))
          }
        } else {
          if (search.sku !== "") matches.push(sql`p.sku_key = ${search.sku}`)
          if (search.words.length > 0) {
            matches.push(sql`p.search_words @> ${textArray(search.words)}::text[]`)
            const english = englishWords(search.text)
            if (english !== "") matches.push(sql`p.search_tsv @@ plainto_tsquery('english', ${english})`)
          }
        }
        clauses.push(matches.length === 0 ? sql`false` : sql`(${sql.or(matches)})`)
      }
      return sql.and(clauses)
    }

    /**
     * The vocabulary's words similar to each word of a search (migration 0028), and its singulars by the Arabic
     * plural patterns (`singularCandidates`, as close as can be), in one statement: each with all
     * its similar words and the close ones (similarity at least `closeSimilarity`), read before the products so that
     * the planner sees the words it looks for.
     */
    const similarWords = (orgId: OrgId, filter: ProductFilter, search: ProductSearch) =>
      Effect.gen(function* () {
        yield* sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(trigramThreshold)}, true)`
        const singulars = search.words.flatMap((w, index) => singularCandidates(w).map((s) => [index + 1, s] as const))
        const rows = yield* sql<{ i: number | string; word: string; similarity: number }>`
          SELECT q.i, v.word, word_similarity(q.w, v.word) AS similarity
          FROM unnest(${textArray(search.words)}::text[]) WITH ORDINALITY q(w, i)
          JOIN product_words v ON v.word %> q.w
          WHERE ${wordOwners(orgId, filter)}
          UNION ALL
          SELECT c.i, v.word, 1 AS similarity
          FROM unnest(${`{${singulars.map(([i]) => i).join(",")}}`}::int[], ${textArray(singulars.map(([, s]) => s))}::text[]) c(i, w)
          JOIN product_words v ON v.word = c.w
          WHERE ${wordOwners(orgId, filter)}`
        return search.words.map((_, index) => {
          const own = rows.filter((r) => Number(r.i) === index + 1)
          return {
            all: own.map((r) => r.word),
            close: own.filter((r) => Number(r.similarity) >= closeSimilarity).map((r) => r.word)
          }
        }) satisfies SimilarWords
      })

    /**
     * Runs a read exactly and, where a search found nothing that way, again over similar words (`SearchRank.ts`);
     * where a word of the query has no similar word at all, the exact answer (nothing) stands. An empty page past
     * the first falls back only when the search matches nothing exactly at all.
     */
    const withFallback = <A>(
      orgId: OrgId,
      filter: ProductFilter,
      read: (similar: SimilarWords | undefined) => Effect.Effect<A, SqlError, SqlClient.SqlClient>,
      isEmpty: (answer: A) => boolean,
      pastFirstPage = false
    ) =>
      Effect.gen(function* () {
        const exact = yield* read(undefined)
        const search = filter.search
        if (search === undefined || search.words.length === 0 || !isEmpty(exact)) return exact
        if (pastFirstPage) {
          const [row] = yield* sql<{ found: boolean }>`
            SELECT EXISTS (SELECT 1 FROM products p WHERE ${where(orgId, filter)}) AS found`
          if (row?.found === true) return exact
        }
        const similar = yield* similarWords(orgId, filter, search)
        if (similar.some((words) => words.all.length === 0)) return exact
        return yield* read(similar)
      })

    /**
     * The key a search ranks by (see `SearchRank.ts`): its tier when it matched exactly, else the similarity of its
     * words to the product's search text, negated so that either way the lower ranks first.
     */
    const rankKey = (filter: ProductFilter, similar: SimilarWords | undefined): Fragment => {
      const search = filter.search
      if (search === undefined) return sql`0`
      if (similar !== undefined) {
        // Per word of the query: 0 where the product holds a close word, else 1.
        return sql.join(
          " + ",
          false
        )(
          similar.map((words) =>
            words.close.length === 0
              ? sql`1`
              : sql`CASE WHEN p.search_words && ${textArray(words.close)}::text[] THEN 0 ELSE 1 END`
          )
        )
      }
      return sql`CASE
          WHEN p.sku_key = ${search.sku} THEN 0
          WHEN p.search_words @> ${textArray(search.words)}::text[] THEN 1
          ELSE 2 END`
    }

    /**
     * The tiers of a one-word search in the organisation's own products as walks of the postings (migration 0039),
     * where its page can be read that way: ranked (`SearchRank.ts`), ordered by name, with no filter but stock, and
     * ending within `walkAtMost`. Exactly: the SKU (0), the word (1) and its English stem (2); over similar words:
     * the close ones (0), the others (1).
     */
    const postingTiers = (
      query: ProductQuery,
      similar: SimilarWords | undefined
    ): ReadonlyArray<PostingTier> | undefined => {
      const search = query.search
      const [word] = search?.words ?? []
      if (
        search === undefined ||
        word === undefined ||
        search.words.length !== 1 ||
        query.sort !== "rank" ||
        query.catalogIds !== undefined ||
        query.categoryIds !== undefined ||
        query.brands !== undefined ||
        query.suppliers !== undefined ||
        query.priceMin !== undefined ||
        query.priceMax !== undefined ||
        query.offset + query.limit > walkAtMost
      ) {
        return undefined
      }
      if (similar !== undefined) {
        const [{ all, close } = { all: [], close: [] }] = similar
        if (all.length > walkWordsAtMost || !all.every(posted)) return undefined
        const isClose = new Set(close)
        return [
          { rank: 0, stem: false, words: all.filter((w) => isClose.has(w)) },
          { rank: 1, stem: false, words: all.filter((w) => !isClose.has(w)) }
        ]
      }
      const english = englishWords(search.text)
      if (!posted(word) || (english !== "" && !/^[a-z]+$/.test(english))) return undefined
      return [
        { rank: 1, stem: false, words: [word] },
        { rank: 2, stem: true, words: english === "" ? [] : [english] }
      ]
    }

    /**
     * A one-word search's page from the postings (migration 0039): per word of each tier, the first `offset + limit`
     * products holding it in name order (an index walk of the postings, each product read by id for the filter), and
     * the SKU's product; a product's rank is its best tier. The page is exactly the gathered plan's: a product on
     * the page is among the first `offset + limit` of each walk it is in, since every product before it in a walk
     * is before it on the page too.
     */
    const postingsPage = (
      orgId: OrgId,
      query: ProductQuery,
      tiers: ReadonlyArray<PostingTier>,
      sku: string | undefined
    ) => {
      const own = where(orgId, { ...query, search: undefined })
      const reach = query.offset + query.limit
      const walks = tiers.flatMap(({ rank, stem, words }) =>
        words.map((word) => {
          // A stem is the English stemmer's lexeme of the word, as the search's `plainto_tsquery` takes it.
          const key = stem
            ? sql`(SELECT s.lexeme FROM unnest(to_tsvector('english', ${word})) s LIMIT 1)`
            : sql`${word}`
          return sql`(SELECT p.id, p.name_key, ${sql.literal(String(rank))} AS rank
            FROM product_postings w JOIN products p ON p.id = w.product_id
            WHERE w.org_id = ${orgId} AND w.stem = ${sql.literal(String(stem))} AND w.word = ${key} AND ${own}
            ORDER BY w.name_key, w.product_id LIMIT ${reach})`
        })
      )
      const skuWalk =
        sku === undefined || sku === ""
          ? []
          : [sql`(SELECT p.id, p.name_key, 0 AS rank FROM products p WHERE ${own} AND p.sku_key = ${sku})`]
      const all = [...skuWalk, ...walks]
      if (all.length === 0) return Effect.succeed<ReadonlyArray<ProductRow>>([])
      return sql<ProductRow>`
        WITH hits AS MATERIALIZED (${sql.join(" UNION ALL ", false)(all)}),
        page AS MATERIALIZED (
          SELECT h.id, min(h.rank) AS rank, min(h.name_key) AS name_key FROM hits h GROUP BY h.id
          ORDER BY 2, 3, 1 LIMIT ${query.limit} OFFSET ${query.offset}
        )
        SELECT ${productCols} FROM page k JOIN products p ON p.id = k.id ORDER BY k.rank, k.name_key, k.id`
    }

    /** The columns a walk reads in the order's index: exactly its keys, so that the scan needs no row. */
    const keysOf = (sort: ProductSort): Fragment => {
      switch (sort) {
        case "priceAsc":
        case "priceDesc":
          return sql`p.id, p.price_value, p.name_key`
        case "brandAsc":
        case "brandDesc":
          return sql`p.id, p.brand_key, p.name_key`
        case "rank":
        case "name":
          return sql`p.id, p.name_key`
      }
    }

    /** A list's order over the sort keys of an alias (`k`: the gathered matches or a walk's keys). */
    const orderOver = (sort: ProductSort, alias: "k" | "p"): Fragment => {
      const a = sql.literal(alias)
      switch (sort) {
        case "priceAsc":
          return sql`${a}.price_value, ${a}.name_key, ${a}.id`
        case "priceDesc":
          return sql`${a}.price_value DESC, ${a}.name_key, ${a}.id`
        case "brandAsc":
          return sql`${a}.brand_key, ${a}.name_key, ${a}.id`
        case "brandDesc":
          return sql`${a}.brand_key DESC, ${a}.name_key, ${a}.id`
        case "rank":
          return sql`${a}.rank, ${a}.name_key, ${a}.id`
        case "name":
          return sql`${a}.name_key, ${a}.id`
      }
    }
    const orderOf = (sort: ProductSort): Fragment => orderOver(sort, "k")

    /** The sort keys a list's mark holds, in its order's columns (`orderOver`), each as text. */
    const markColumns = (sort: ProductSort): ReadonlyArray<"price_value" | "brand_key" | "name_key" | "id"> => {
      switch (sort) {
        case "priceAsc":
        case "priceDesc":
          return ["price_value", "name_key", "id"]
        case "brandAsc":
        case "brandDesc":
          return ["brand_key", "name_key", "id"]
        case "rank":
        case "name":
          return ["name_key", "id"]
      }
    }

    /**
     * The products after a mark in the list's order, over alias `p`. An ascending order is one row comparison,
     * which bounds the walk of its index; a descending price or brand bounds its first key and breaks its ties by
     * name and id.
     */
    const after = (sort: ProductSort, mark: ProductListMark): Fragment => {
      const [a = "", b = "", c = ""] = mark.keys
      switch (sort) {
        case "priceAsc":
          return sql`(p.price_value, p.name_key, p.id) > (${a}::numeric, ${b}, ${c}::uuid)`
        case "brandAsc":
          return sql`(p.brand_key, p.name_key, p.id) > (${a}, ${b}, ${c}::uuid)`
        case "priceDesc":
          return sql`p.price_value <= ${a}::numeric AND (p.price_value < ${a}::numeric OR (p.name_key, p.id) > (${b}, ${c}::uuid))`
        case "brandDesc":
          return sql`p.brand_key <= ${a} AND (p.brand_key < ${a} OR (p.name_key, p.id) > (${b}, ${c}::uuid))`
        case "rank":
        case "name":
          return sql`(p.name_key, p.id) > (${a}, ${b}::uuid)`
      }
    }

    /** A mark its keys can be read back from: as many keys as the order has, and a product id last. */
    const markFits = (sort: ProductSort, mark: ProductListMark | undefined): mark is ProductListMark =>
      mark !== undefined &&
      mark.position > 0 &&
      mark.keys.length === markColumns(sort).length &&
      isUuid(mark.keys[mark.keys.length - 1] ?? "") &&
      (sort !== "priceAsc" && sort !== "priceDesc" ? true : /^-?[0-9]+(\.[0-9]+)?$/.test(mark.keys[0] ?? ""))

    const markList = Effect.fn("SqlCatalog.markList")(function* (
      orgId: OrgId,
      list: ProductFilter & { readonly sort: ProductSort },
      every: number
    ) {
      const sort: ProductSort = list.sort === "rank" ? "name" : list.sort
      const columns = markColumns(sort)
      const keys = sql.join(
        ", ",
        false
      )(columns.map((c, i) => sql`k.${sql.literal(c)}::text AS ${sql.literal(`k${i}`)}`))
      const rows = yield* tenant(orgId)(
        sql<Record<string, string> & { readonly n: number | string }>`
          SELECT k.n, ${keys} FROM (
            SELECT ${keysOf(sort)}, row_number() OVER (ORDER BY ${orderOver(sort, "p")}) AS n
            FROM products p WHERE ${where(orgId, { ...list, search: undefined })}
          ) k WHERE k.n % ${Math.max(1, Math.trunc(every))} = 0 ORDER BY k.n`
      )
      return rows.map((row) => ({ position: Number(row.n), keys: columns.map((_, i) => row[`k${i}`] ?? "") }))
    })

    /**
     * A page of products, by one of two plans.
     *
     * - Gathered: the matches' ids and sort keys are collected through the filter's own indexes (the search's GIN
     *   indexes, the catalogs' and categories'), sorted, and only the page's rows are read. A search always takes
     *   it, and so does any list whose filter matches at most `gatherAtMost` products.
     * - Walked: the index of the list's order is read in order, ids only (an index-only scan), and the page's rows
     *   are read by id, so that a page deep in a long list costs index entries rather than rows.
     *
     * The planner alone would walk the order's index for a filtered list too, expecting matches spread evenly; but
     * products of one kind sort together by name (every "Stapler …"), so a walk can read most of the table before
     * it finds a page of them. The caller passes how many products match (`query.matching`, which the products
     * list counts anyway) so the plan fits the list.
     */
    const listProducts = Effect.fn("SqlCatalog.listProducts")(function* (orgId: OrgId, query: ProductQuery) {
      const narrowed =
        query.catalogIds !== undefined ||
        query.categoryIds !== undefined ||
        query.brands !== undefined ||
        query.suppliers !== undefined
      const gathered =
        query.search !== undefined || (narrowed && query.matching !== undefined && query.matching <= gatherAtMost)
      const sort: ProductSort = query.sort === "rank" && query.search === undefined ? "name" : query.sort
      // The walk's keys in order: the organisation's products and, in a catalogs filter, other organisations' public
      // ones and the member catalogs' others, each branch walking its own index (the public one
      // `products_public_name`, the members' the catalogs' GIN index) and merged in order.
      // A walk from a mark reads from just after it, as far into the list as the page is past the mark.
      const from =
        gathered || !markFits(sort, query.from) || query.from.position > query.offset ? undefined : query.from
      const offset = query.offset - (from?.position ?? 0)
      const branch = (similar: SimilarWords | undefined, whose: "own" | "others" | "members") => sql`(
        SELECT ${keysOf(sort)} FROM products p
        WHERE ${where(orgId, query, similar, whose)}${from === undefined ? sql`` : sql` AND ${after(sort, from)}`}
        ORDER BY ${orderOver(sort, "p")} LIMIT ${offset + query.limit})`
      const walk = (similar: SimilarWords | undefined) =>
        query.catalogIds === undefined
          ? branch(similar, "own")
          : sql`${branch(similar, "own")} UNION ALL ${branch(similar, "others")} UNION ALL ${branch(similar, "members")}`
      const read = (similar: SimilarWords | undefined) => {
        const tiers = postingTiers(query, similar)
        if (tiers !== undefined) {
          return postingsPage(orgId, query, tiers, similar === undefined ? query.search?.sku : undefined)
        }
        return gathered
          ? sql<ProductRow>`
              WITH m AS MATERIALIZED (
                SELECT p.id, p.name_key, p.price_value, p.brand_key, ${rankKey(query, similar)} AS rank
                FROM products p WHERE ${where(orgId, query, similar)}
              ), page AS MATERIALIZED (
                SELECT k.* FROM m k ORDER BY ${orderOf(sort)} LIMIT ${query.limit} OFFSET ${query.offset}
              )
              SELECT ${productCols} FROM page k JOIN products p ON p.id = k.id ORDER BY ${orderOf(sort)}`
          : sql<ProductRow>`
              SELECT ${productCols} FROM (
                SELECT k.* FROM (${walk(similar)}) k
                ORDER BY ${orderOf(sort)} LIMIT ${query.limit} OFFSET ${offset}
              ) k JOIN products p ON p.id = k.id ORDER BY ${orderOf(sort)}`
      }
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          // A walk is planned for its own limit, offset and filter (a plan for any values would gather and sort).
          if (!gathered) yield* sql`SELECT set_config('plan_cache_mode', 'force_custom_plan', true)`
          const rows = yield* withFallback(orgId, query, read, (found) => found.length === 0, query.offset > 0)
          return rows.map(toProduct(orgId))
        })
      )
    })

    const countProducts = Effect.fn("SqlCatalog.countProducts")(function* (orgId: OrgId, filter: ProductFilter) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          return yield* withFallback(
            orgId,
            filter,
            (similar) =>
              Effect.map(
                sql<{
                  n: number | string
                }>`SELECT count(*) AS n FROM products p WHERE ${where(orgId, filter, similar)}`,
                ([row]) => Number(row?.n ?? 0)
              ),
            (n) => n === 0
          )
        })
      )
    })

    const facets = Effect.fn("SqlCatalog.facets")(function* (orgId: OrgId, filter: ProductFilter) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          // Both facets in one pass over the matches (grouping sets), each its 100 most frequent values.
          const count = (similar: SimilarWords | undefined) =>
            Effect.map(
              sql<{ facet: "brand" | "supplier"; value: string; n: number | string }>`
                SELECT facet, value, n FROM (
                  SELECT facet, value, n,
                         row_number() OVER (PARTITION BY facet ORDER BY n DESC, value COLLATE "C") AS r
                  FROM (
                    SELECT CASE WHEN grouping(p.brand) = 0 THEN 'brand' ELSE 'supplier' END AS facet,
                           CASE WHEN grouping(p.brand) = 0 THEN p.brand ELSE p.sold_by END AS value,
                           count(*) AS n
                    FROM products p WHERE ${where(orgId, filter, similar)}
                    GROUP BY GROUPING SETS ((p.brand), (p.sold_by))
                  ) g WHERE value <> ''
                ) ranked WHERE r <= 100 ORDER BY facet, r`,
              (rows) => {
                const of = (facet: "brand" | "supplier") =>
                  rows.filter((r) => r.facet === facet).map((r) => ({ value: r.value, count: Number(r.n) }))
                return { brands: of("brand"), suppliers: of("supplier") }
              }
            )
          return yield* withFallback(
            orgId,
            filter,
            count,
            (found) => found.brands.length === 0 && found.suppliers.length === 0
          )
        })
      )
    })

    return CatalogRepository.of({
      insertCatalog,
      findCatalog: (orgId, id) => tenant(orgId)(findCatalogIn(orgId, id)),
      updateCatalog,
      listCatalogs,
      insertCategory,
      findCategory,
      updateCategory,
      moveCategory,
      categoryUsage,
      deleteCategory,
      listCategories,
      subtreeIds,
      highestSkuNumber,
      insertProduct,
      findProduct,
      productOwner,
      findBySku,
      updateProduct,
      deleteProduct,
      listProducts,
      countProducts,
      markList,
      facets
    })
  })
)
