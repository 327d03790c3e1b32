/**
 * Catalogs, their category trees and products (SPEC.md §3 Product, Category, Catalog state):
 *
 * - `catalogs`: the organisation's own, shared with a vendor (`vendor_id`, the connection), or public; a public
 *   catalog is read by every organisation (the `public_read` policy), written only by its own.
 * - `categories`: one row per category, `path_array` the ids from its root down to itself (a move rewrites the
 *   prefix of its own and its descendants'), readable by others when its catalog is public.
 * - `products`: every field the product has; what lists filter and sort by is a column of its own (the unit price
 *   with taxes, the lower-cased name and brand, availability, the catalogs and categories), the rest jsonb. A
 *   deleted product keeps its row with `deleted_at` set, out of every index below and free of its SKU. A public
 *   product is read by every organisation.
 *
 * Search: `search_text` is the folded text of the names in both languages, SKU, brand and model (core's
 * `searchDocument`, so that alef forms, taa marbuta, diacritics and the article meet), `search_words` its words
 * for exact word hits, `search_tsv` the English name, brand and model under the `english` configuration for
 * stemming, and a trigram index on `search_text` finds similar words (typing slips, broken Arabic plurals).
 *
 * Indexes start with org_id and leave deleted products out: the SKU (unique), and each order a list takes (name,
 * price, brand); GIN indexes on the catalogs, the categories, the search words, the tsvector and the trigrams.
 * Row-level security as everywhere. Running it again leaves what it made.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
  `CREATE TABLE IF NOT EXISTS catalogs (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     name_en text NOT NULL,
     name_ar text NOT NULL,
     name_key text COLLATE "C" NOT NULL,
     description text NOT NULL DEFAULT '',
     kind text NOT NULL CHECK (kind IN ('OWN', 'SHARED', 'PUBLIC')),
     vendor_id text,
     image text,
     version integer NOT NULL DEFAULT 1,
     created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
   )`,
  `CREATE INDEX IF NOT EXISTS catalogs_name ON catalogs (org_id, name_key, id)`,
  `CREATE INDEX IF NOT EXISTS catalogs_public ON catalogs (name_key, id) WHERE kind = 'PUBLIC'`,
  `CREATE TABLE IF NOT EXISTS categories (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     catalog_id uuid NOT NULL REFERENCES catalogs (id),
     parent_id uuid,
     path_array uuid[] NOT NULL,
     path text COLLATE "C" NOT NULL,
     name_en text NOT NULL,
     name_ar text NOT NULL,
     image text,
     version integer NOT NULL DEFAULT 1,
     created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
   )`,
  `CREATE INDEX IF NOT EXISTS categories_catalog_path ON categories (catalog_id, path)`,
  `CREATE INDEX IF NOT EXISTS categories_org_path ON categories (org_id, path)`,
  `CREATE INDEX IF NOT EXISTS categories_parent ON categories (catalog_id, parent_id, path)`,
  `CREATE INDEX IF NOT EXISTS categories_path_array ON categories USING gin (path_array)`,
  `CREATE TABLE IF NOT EXISTS products (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     sku text NOT NULL,
     sku_key text COLLATE "C" NOT NULL,
     sku_number bigint,
     name_en text NOT NULL,
     name_ar text NOT NULL,
     name_key text COLLATE "C" NOT NULL,
     description_en text NOT NULL DEFAULT '',
     description_ar text NOT NULL DEFAULT '',
     brand text NOT NULL DEFAULT '',
     brand_key text COLLATE "C" NOT NULL DEFAULT '',
     model text NOT NULL DEFAULT '',
     origin_country text NOT NULL DEFAULT '',
     sold_by text NOT NULL DEFAULT '',
     price jsonb NOT NULL,
     price_value numeric NOT NULL,
     min_qty_rfq numeric NOT NULL,
     min_qty_direct_order numeric NOT NULL,
     is_available boolean NOT NULL,
     allow_direct_order boolean NOT NULL,
     allow_rfq boolean NOT NULL,
     public boolean NOT NULL,
     tech_specs jsonb NOT NULL DEFAULT '[]',
     media jsonb NOT NULL DEFAULT '[]',
     attachments text[] NOT NULL DEFAULT '{}',
     catalog_ids text[] NOT NULL DEFAULT '{}',
     category_ids text[] NOT NULL DEFAULT '{}',
     vendors jsonb NOT NULL DEFAULT '[]',
     search_text text NOT NULL,
     search_words text[] NOT NULL,
     search_tsv tsvector NOT NULL,
     created_by uuid NOT NULL,
     version integer NOT NULL DEFAULT 1,
     created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     deleted_at timestamptz
   )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS products_sku ON products (org_id, sku_key) WHERE deleted_at IS NULL`,
  `CREATE INDEX IF NOT EXISTS products_sku_number ON products (org_id, sku_number DESC) WHERE deleted_at IS NULL AND sku_number IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS products_name ON products (org_id, name_key, id) WHERE deleted_at IS NULL`,
  `CREATE INDEX IF NOT EXISTS products_price ON products (org_id, price_value, name_key, id) WHERE deleted_at IS NULL`,
  `CREATE INDEX IF NOT EXISTS products_brand ON products (org_id, brand_key, name_key, id) WHERE deleted_at IS NULL`,
  `CREATE INDEX IF NOT EXISTS products_available_name ON products (org_id, name_key, id) WHERE deleted_at IS NULL AND is_available`,
  `CREATE INDEX IF NOT EXISTS products_catalogs ON products USING gin (catalog_ids) WHERE deleted_at IS NULL`,
  `CREATE INDEX IF NOT EXISTS products_categories ON products USING gin (category_ids) WHERE deleted_at IS NULL`,
  `CREATE INDEX IF NOT EXISTS products_search_words ON products USING gin (search_words) WHERE deleted_at IS NULL`,
  `CREATE INDEX IF NOT EXISTS products_search_tsv ON products USING gin (search_tsv) WHERE deleted_at IS NULL`,
  `CREATE INDEX IF NOT EXISTS products_search_trgm ON products USING gin (search_text gin_trgm_ops) WHERE deleted_at IS NULL`,
  ...["catalogs", "categories", "products"].flatMap((table) => [
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
    `DROP POLICY IF EXISTS tenant_isolation ON ${table}`,
    `CREATE POLICY tenant_isolation ON ${table} USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
    `DROP POLICY IF EXISTS public_read ON ${table}`
  ]),
  `CREATE POLICY public_read ON catalogs FOR SELECT USING (kind = 'PUBLIC')`,
  `CREATE POLICY public_read ON categories FOR SELECT
     USING (EXISTS (SELECT 1 FROM catalogs c WHERE c.id = categories.catalog_id AND c.kind = 'PUBLIC'))`,
  `CREATE POLICY public_read ON products FOR SELECT USING (public AND deleted_at IS NULL)`,
  `GRANT SELECT, INSERT, UPDATE ON catalogs TO tawreed_app`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON categories TO tawreed_app`,
  `GRANT SELECT, INSERT, UPDATE ON products TO tawreed_app`
]
