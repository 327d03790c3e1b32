/**
 * Each word of a product in name order, so that a search for a word many products hold reads its first page from
 * an index (`SqlCatalog.listProducts`, the posting walk).
 *
 * A search ranks exact matches by name (`SearchRank.ts` tiers 0 and 1). Through the GIN index on
 * `products.search_words` it had to read every product holding the word to sort them: some 40,000 rows for a word
 * like "stapler" in a catalog of a million, 60 to 100 ms. `product_postings` holds one row per word of each live
 * product, and one per stem of its English words (`stem`, for the stemmer's tier), with the product's name key, keyed (organisation, word, name, product): the products holding a word come
 * out of this key already in the order of the list, and a page reads as many of them as it shows.
 *
 * Triggers keep it: after an insert, the new products' words; after an update that changes a product's words, its
 * name or whether it is deleted, its old postings go and its new ones come. They run per statement over the
 * statement's rows, so that an import of fifty thousand products writes its postings in one insert. Words with a
 * digit (SKUs, model numbers, sizes) have no postings: few products share one, and the GIN index answers them at
 * once. A product's owner writes its postings (`tenant_isolation`); a posting is only read by its organisation's own
 * searches, as public products and shared catalogs are searched through the GIN index.
 *
 * Running it again leaves what it made; the first run fills the table from the products there are.
 */
/**
 * The insert of the postings of the products `alias` names in `from`, where `when` holds: each word of their search
 * words and each stem of their English text, but words with a digit. A word a product holds twice is one posting.
 */
const insertPostings = (alias: string, from: string, when: string) =>
  `INSERT INTO product_postings (org_id, stem, word, name_key, product_id)
     SELECT ${alias}.org_id, k.stem, k.w, ${alias}.name_key, ${alias}.id
     FROM ${from}, LATERAL (
       SELECT false, unnest(${alias}.search_words) UNION ALL SELECT true, unnest(tsvector_to_array(${alias}.search_tsv))
     ) k(stem, w)
     WHERE ${when} AND k.w <> '' AND k.w !~ '[0-9]'
     ON CONFLICT DO NOTHING`

/** Whether an update changed what a product's postings hold: its words, its English text, its name or its deletion. */
const changed = `(n.search_words, n.search_tsv, n.name_key, n.deleted_at IS NULL)
             IS DISTINCT FROM (o.search_words, o.search_tsv, o.name_key, o.deleted_at IS NULL)`

export const statements: ReadonlyArray<string> = [
  `CREATE TABLE IF NOT EXISTS product_postings (
     org_id uuid NOT NULL,
     stem boolean NOT NULL,
     word text COLLATE "C" NOT NULL,
     name_key text COLLATE "C" NOT NULL,
     product_id uuid NOT NULL,
     PRIMARY KEY (org_id, stem, word, name_key, product_id)
   )`,
  insertPostings("p", "products p", "p.deleted_at IS NULL"),
  `ANALYZE product_postings`,
  `CREATE OR REPLACE FUNCTION products_postings_added() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${insertPostings("a", "added_products a", "a.deleted_at IS NULL")};
     RETURN NULL;
   END
   $$`,
  `DROP TRIGGER IF EXISTS products_postings_added ON products`,
  `CREATE TRIGGER products_postings_added AFTER INSERT ON products
     REFERENCING NEW TABLE AS added_products FOR EACH STATEMENT EXECUTE FUNCTION products_postings_added()`,
  `CREATE OR REPLACE FUNCTION products_postings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM product_postings x USING old_products o JOIN new_products n ON n.id = o.id
       WHERE ${changed}
         AND x.org_id = o.org_id AND x.name_key = o.name_key AND x.product_id = o.id
         AND ((NOT x.stem AND x.word = ANY (o.search_words)) OR (x.stem AND x.word = ANY (tsvector_to_array(o.search_tsv))));
     ${insertPostings("n", "new_products n JOIN old_products o ON o.id = n.id", `n.deleted_at IS NULL AND ${changed}`)};
     RETURN NULL;
   END
   $$`,
  `DROP TRIGGER IF EXISTS products_postings_changed ON products`,
  `CREATE TRIGGER products_postings_changed AFTER UPDATE ON products
     REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
     FOR EACH STATEMENT EXECUTE FUNCTION products_postings_changed()`,
  `ALTER TABLE product_postings ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE product_postings FORCE ROW LEVEL SECURITY`,
  `DROP POLICY IF EXISTS tenant_isolation ON product_postings`,
  `CREATE POLICY tenant_isolation ON product_postings USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `GRANT SELECT, INSERT, DELETE ON product_postings TO tawreed_app`
]
