/**
 * The words of the organisation's products, for the search's similar-word tier (`SearchRank.ts` tier 3).
 *
 * A trigram index over every product's whole search text answers a similar-word search by comparing the query with
 * every product that shares a trigram with it: at a million products that is seconds. The words are far fewer than
 * the products (a catalog repeats its vocabulary), so the search looks for similar words here first, as pg_trgm's
 * own documentation advises for spelling suggestions, and then takes the products that hold one of them through
 * the GIN index on `products.search_words`.
 *
 * Row-level security and the indexes: PostgreSQL evaluates a table's policy before any condition whose operator is
 * not marked leakproof, so under the app's role the GIN indexes (`@>`, `&&`, `@@`, the trigram `%>`) and the price
 * index (numeric comparisons) went unused and every search and filtered list read the whole table. These
 * operators' functions raise no error and have no side effect that depends on a row's values (they compare arrays,
 * a tsvector with a query, numbers, trigrams), so they are marked leakproof, as `texteq` and the integer
 * comparisons already are. Marking a function needs a superuser; where the migration runs without one it leaves
 * them as they are and the product works the same, only slower on large catalogs.
 *
 * Words with a digit (SKUs, model numbers, sizes) are left out: a number one digit off is another item, and the
 * exact tiers find SKUs and models.
 *
 * The index-only walk: a products list pages through the index of its order reading ids only (`SqlCatalog`'s
 * walked plan), which needs every column the list's conditions read in that index, the policy's `public` and `deleted_at` too; the
 * order indexes are made again with it, and public products get one by name for a catalog's list to walk beside the
 * organisation's own.
 *
 * A word stays once its products are gone: it then finds nothing, which costs nothing. `public` marks a word of a
 * public product, which every organisation's public-catalog search reads (the `public_read` policy). Running it
 * again leaves what it made; the first run fills the table from the products there are.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE TABLE IF NOT EXISTS product_words (
     org_id uuid NOT NULL REFERENCES organisations (id),
     word text COLLATE "C" NOT NULL,
     public boolean NOT NULL DEFAULT false,
     PRIMARY KEY (org_id, word)
   )`,
  `CREATE INDEX IF NOT EXISTS product_words_trgm ON product_words USING gin (word gin_trgm_ops)`,
  `INSERT INTO product_words (org_id, word, public)
     SELECT org_id, w, bool_or(public) FROM products, unnest(search_words) w
     WHERE deleted_at IS NULL AND w <> '' AND w !~ '[0-9]' GROUP BY org_id, w
     ON CONFLICT DO NOTHING`,
  `ANALYZE product_words`,
  ...[
    ["products_name", "(org_id, name_key, id) INCLUDE (public, deleted_at) WHERE deleted_at IS NULL"],
    ["products_price", "(org_id, price_value, name_key, id) INCLUDE (public, deleted_at) WHERE deleted_at IS NULL"],
    ["products_brand", "(org_id, brand_key, name_key, id) INCLUDE (public, deleted_at) WHERE deleted_at IS NULL"],
    [
      "products_available_name",
      "(org_id, name_key, id) INCLUDE (public, deleted_at) WHERE deleted_at IS NULL AND is_available"
    ],
    ["products_public_name", "(name_key, id) INCLUDE (org_id, deleted_at) WHERE public AND deleted_at IS NULL"]
  ].flatMap(([name, definition]) => [
    `DROP INDEX IF EXISTS ${name}_covering`,
    `CREATE INDEX ${name}_covering ON products ${definition}`,
    `DROP INDEX IF EXISTS ${name}`,
    `ALTER INDEX ${name}_covering RENAME TO ${name}`
  ]),
  `ALTER TABLE product_words ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE product_words FORCE ROW LEVEL SECURITY`,
  `DROP POLICY IF EXISTS tenant_isolation ON product_words`,
  `CREATE POLICY tenant_isolation ON product_words USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `DROP POLICY IF EXISTS public_read ON product_words`,
  `CREATE POLICY public_read ON product_words FOR SELECT USING (public)`,
  `GRANT SELECT, INSERT, UPDATE ON product_words TO tawreed_app`,
  `DO $$
   BEGIN
     ALTER FUNCTION pg_catalog.arraycontains(anyarray, anyarray) LEAKPROOF;
     ALTER FUNCTION pg_catalog.arrayoverlap(anyarray, anyarray) LEAKPROOF;
     ALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) LEAKPROOF;
     ALTER FUNCTION pg_catalog.numeric_eq(numeric, numeric) LEAKPROOF;
     ALTER FUNCTION pg_catalog.numeric_lt(numeric, numeric) LEAKPROOF;
     ALTER FUNCTION pg_catalog.numeric_le(numeric, numeric) LEAKPROOF;
     ALTER FUNCTION pg_catalog.numeric_gt(numeric, numeric) LEAKPROOF;
     ALTER FUNCTION pg_catalog.numeric_ge(numeric, numeric) LEAKPROOF;
     ALTER FUNCTION word_similarity_commutator_op(text, text) LEAKPROOF;
     ALTER FUNCTION word_similarity_op(text, text) LEAKPROOF;
   EXCEPTION WHEN insufficient_privilege THEN
     NULL;
   END
   $$`
]
