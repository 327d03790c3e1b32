/**
 * Catalogs shared with member organisations (SPEC.md §7 catalog invitations): an organisation that accepted an
 * invitation to a catalog (a `catalog_members` row, migration 0026) reads that catalog, its categories and its live
 * products, as a buyer reads a supplier's catalog shared with it in Coupa or Odoo. It writes none of them: the
 * policies are `FOR SELECT`, and writes stay under `tenant_isolation`.
 *
 * - `app_member_catalogs()`: the ids (as text, the type of `products.catalog_ids`) of the catalogs the current
 *   organisation (`app_org_id()`) is a member of. It reads `catalog_members` as its caller, under that table's
 *   `tenant_isolation`, so it can name no membership but the caller's own, and needs no definer's rights. STABLE
 *   and taking no argument, it is marked leakproof where the migration runs as a superuser: it cannot reveal a
 *   row's values, so a list's own condition on it may be checked before the policies, as an index condition.
 * - The policies (`member_read`) call it in an uncorrelated sub-select, which PostgreSQL evaluates once per
 *   statement (an InitPlan) rather than once per row: a list over a million products reads the memberships once,
 *   and the products' GIN index on `catalog_ids` (`&&`, leakproof since 0028) still serves the list.
 * - The lists' order indexes carry `catalog_ids` beside the columns the other policies read (as 0028 made them
 *   carry `public` and `deleted_at`), so that a walk of a list's order stays an index-only scan: a policy that
 *   reads a column the index lacks makes every entry a visit to the table (six times slower a page at a million).
 * - A product enters only its own organisation's catalogs (Catalogs checks each catalog it names), so a product in
 *   a member catalog is one of that catalog's organisation.
 *
 * Running it again leaves what it made.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE OR REPLACE FUNCTION app_member_catalogs() RETURNS text[] LANGUAGE sql STABLE
     SET search_path = pg_catalog, public AS
     $$ SELECT coalesce(array_agg(m.catalog_id::text ORDER BY m.catalog_id), '{}'::text[])
          FROM public.catalog_members m WHERE m.org_id = public.app_org_id() $$`,
  `REVOKE ALL ON FUNCTION app_member_catalogs() FROM PUBLIC`,
  `GRANT EXECUTE ON FUNCTION app_member_catalogs() TO tawreed_app`,
  `DROP POLICY IF EXISTS member_read ON catalogs`,
  `CREATE POLICY member_read ON catalogs FOR SELECT
     USING (id::text = ANY ((SELECT app_member_catalogs())::text[]))`,
  `DROP POLICY IF EXISTS member_read ON categories`,
  `CREATE POLICY member_read ON categories FOR SELECT
     USING (catalog_id::text = ANY ((SELECT app_member_catalogs())::text[]))`,
  `DROP POLICY IF EXISTS member_read ON products`,
  `CREATE POLICY member_read ON products FOR SELECT
     USING (deleted_at IS NULL AND catalog_ids && (SELECT app_member_catalogs()))`,
  ...[
    ["products_name", "(org_id, name_key, id) INCLUDE (public, deleted_at, catalog_ids) WHERE deleted_at IS NULL"],
    [
      "products_price",
      "(org_id, price_value, name_key, id) INCLUDE (public, deleted_at, catalog_ids) WHERE deleted_at IS NULL"
    ],
    [
      "products_brand",
      "(org_id, brand_key, name_key, id) INCLUDE (public, deleted_at, catalog_ids) WHERE deleted_at IS NULL"
    ],
    [
      "products_available_name",
      "(org_id, name_key, id) INCLUDE (public, deleted_at, catalog_ids) WHERE deleted_at IS NULL AND is_available"
    ],
    [
      "products_public_name",
      "(name_key, id) INCLUDE (org_id, deleted_at, catalog_ids) WHERE public AND deleted_at IS NULL"
    ]
  ].flatMap(([name, definition]) => [
    `DROP INDEX IF EXISTS ${name}_covering`,
    `CREATE INDEX ${name}_covering ON products ${definition}`,
    `DROP INDEX IF EXISTS ${name}`,
    `ALTER INDEX ${name}_covering RENAME TO ${name}`
  ]),
  `DO $$
   BEGIN
     ALTER FUNCTION app_member_catalogs() LEAKPROOF;
   EXCEPTION WHEN insufficient_privilege THEN
     NULL;
   END
   $$`
]
