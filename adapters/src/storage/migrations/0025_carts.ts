/**
 * Each user's three carts (SPEC.md §2 Cart sidebars, §4 Carts), kept on the server so that they follow the user
 * across devices and survive sign-out:
 *
 * - `cart_items`: one row per product in one of a user's carts (`rfq`, `order`, `public`), keyed by organisation,
 *   user, cart and product so that a product is in a cart once; `seq` keeps the order lines were first added;
 *   `product` what the cart keeps of the product when it was added (names, SKU, price, minimums, flags); the
 *   quantity with two decimals; the supplier (`vendor_key`, `vendor_name`) the public cart's draft orders split by.
 * - `cart_selections`: the supplier whose draft order of the public cart the user selected last.
 *
 * Row-level security as everywhere. Running it again leaves what it made.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE TABLE IF NOT EXISTS cart_items (
     org_id uuid NOT NULL REFERENCES organisations (id),
     user_id uuid NOT NULL,
     cart text NOT NULL CHECK (cart IN ('rfq', 'order', 'public')),
     product_id uuid NOT NULL,
     seq bigint GENERATED ALWAYS AS IDENTITY,
     product jsonb NOT NULL,
     quantity numeric(14, 2) NOT NULL CHECK (quantity > 0),
     vendor_key text NOT NULL,
     vendor_name text NOT NULL,
     added_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     PRIMARY KEY (org_id, user_id, cart, product_id)
   )`,
  `CREATE INDEX IF NOT EXISTS cart_items_order ON cart_items (org_id, user_id, cart, seq)`,
  `CREATE TABLE IF NOT EXISTS cart_selections (
     org_id uuid NOT NULL REFERENCES organisations (id),
     user_id uuid NOT NULL,
     vendor_key text NOT NULL,
     PRIMARY KEY (org_id, user_id)
   )`,
  ...["cart_items", "cart_selections"].flatMap((table) => [
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
    `DROP POLICY IF EXISTS tenant_isolation ON ${table}`,
    `CREATE POLICY tenant_isolation ON ${table} USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO tawreed_app`
  ])
]
