/**
 * Purchase orders (SPEC.md §3 Draft order, §4 order statuses), after ERPNext's Purchase Order and its child tables:
 *
 * - `orders`: one row per order. What the list filters and sorts by is a column of its own (status, priority,
 *   workspace, vendor connection, request, requester, creator, the value in the organisation's currency, the
 *   timestamps, the lower-cased title `title_key`); the vendor as the order names it (number, names, whether
 *   connected) is kept on the order, as it was when the order was written. The nested parts read and written whole
 *   with the order (adjustments, payment plan, budget warning, events) are jsonb. Amounts are `numeric` without a
 *   fixed scale, so each keeps the scale of its currency as written. Timestamps are held to the millisecond, the
 *   precision of the cursors the list hands out. Sortable texts compare by code point (`COLLATE "C"`).
 * - `order_lines`: the lines, in the order given, each with its quantity, price, amounts and what receipts and bills
 *   have taken of it (`received_quantity`, `billed_quantity`), which those documents will update line by line.
 * - `order_payment_schedule`: the dated instalments the order's total falls due in, which bills and payments follow;
 *   indexed by due date for what falls due.
 * - `order_watchers`: who follows an order, in the order given, with whether they are told of its submission.
 * - `order_list_columns`: the columns each user keeps for the orders list.
 *
 * The vendor's side: `vendor_org_id` is the organisation of the order's vendor connection, kept by two triggers (an
 * order takes its vendor's organisation whenever it is written with a vendor, and connecting or disconnecting a
 * vendor carries over to its orders), so an order is addressed to the seller the buyer's vendor master names at the
 * time, never to one it names no more. The `vendor_read` policies let a vendor organisation read an order (its
 * lines and schedule) once it was sent (`sent_at`) to a connection of its own, and nothing else: no other table,
 * no write (the vendor's answer is written in the buyer's organisation by the repository, after it checked the
 * order is addressed to the vendor), and no watcher.
 *
 * Indexes start with org_id: one per list filter followed by the default order (creation, then id), one per other
 * sort column, the request an order orders from, and one covering index on the default order that carries the
 * columns the common filters read; the sort indexes carry the columns the policies read (`sent_at`,
 * `vendor_org_id`), so a page deep in the list is found from the index alone, as products' indexes do (0028). The
 * vendor's list has its own index on (vendor organisation, creation) over sent orders. Row-level security as
 * everywhere: org_id with the tenant policy, forced for the table's owner too. Running it again leaves what it made.
 */
const policyColumns = "sent_at, vendor_org_id"

export const statements: ReadonlyArray<string> = [
  `CREATE TABLE IF NOT EXISTS orders (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     number text NOT NULL,
     title text NOT NULL,
     title_key text COLLATE "C" NOT NULL,
     priority text NOT NULL CHECK (priority IN ('Low', 'Medium', 'High')),
     status text COLLATE "C" NOT NULL,
     source text NOT NULL CHECK (source IN ('request', 'cart', 'direct')),
     request_id uuid,
     request_number text,
     vendor_id uuid NOT NULL,
     vendor_number text NOT NULL,
     vendor_name_en text NOT NULL,
     vendor_name_ar text NOT NULL,
     vendor_connected boolean NOT NULL,
     vendor_org_id uuid,
     workspace_id uuid NOT NULL,
     location_id text,
     requester_id uuid NOT NULL,
     created_by uuid NOT NULL,
     currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
     tax_mode text NOT NULL CHECK (tax_mode IN ('INCLUSIVE', 'EXCLUSIVE')),
     delivery_date date,
     eta date,
     shipment_term text NOT NULL DEFAULT '',
     shipping_fee numeric NOT NULL,
     shipping_fee_tax_rate numeric NOT NULL,
     adjustments jsonb NOT NULL DEFAULT '[]',
     terms text NOT NULL DEFAULT '',
     payment_method text CHECK (payment_method IN ('SADAD', 'BANK_TRANSFER')),
     payment_term_name text,
     payment_terms jsonb NOT NULL DEFAULT '[]',
     attachments text[] NOT NULL DEFAULT '{}',
     remarks text NOT NULL DEFAULT '',
     budget_id text,
     budget_line text,
     budget_warning jsonb,
     gross numeric NOT NULL,
     discount numeric NOT NULL,
     sub_total numeric NOT NULL,
     tax_total numeric NOT NULL,
     shipping_fee_total numeric NOT NULL,
     shipping_fee_tax numeric NOT NULL,
     adjustments_total numeric NOT NULL,
     total numeric NOT NULL,
     org_currency text NOT NULL CHECK (org_currency ~ '^[A-Z]{3}$'),
     value_in_org_currency numeric NOT NULL,
     approved_total numeric,
     categories text[] NOT NULL DEFAULT '{}',
     approval_classification text,
     cancel_reason text,
     events jsonb NOT NULL DEFAULT '[]',
     search_keys text[] NOT NULL DEFAULT '{}',
     submitted_at timestamptz,
     approved_at timestamptz,
     sent_at timestamptz,
     version integer NOT NULL DEFAULT 1,
     created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     UNIQUE (org_id, id),
     CONSTRAINT orders_number_unique UNIQUE (org_id, number),
     CHECK ((budget_id IS NULL) = (budget_line IS NULL)),
     CHECK ((request_id IS NULL) = (request_number IS NULL)),
     FOREIGN KEY (org_id, workspace_id) REFERENCES workspaces (org_id, id),
     FOREIGN KEY (org_id, vendor_id) REFERENCES vendors (org_id, id),
     FOREIGN KEY (org_id, request_id) REFERENCES requests (org_id, id)
   )`,
  // The default order (newest first) covers the common filters and the policies, so deep offsets count in the index.
  `CREATE INDEX IF NOT EXISTS orders_created ON orders (org_id, created_at, id)
     INCLUDE (status, workspace_id, vendor_id, priority, requester_id, created_by, ${policyColumns})`,
  ...[
    ["orders_status_created", "(org_id, status, created_at, id)"],
    ["orders_workspace_created", "(org_id, workspace_id, created_at, id)"],
    ["orders_vendor_created", "(org_id, vendor_id, created_at, id)"],
    ["orders_priority_created", "(org_id, priority, created_at, id)"],
    ["orders_requester_created", "(org_id, requester_id, created_at, id)"],
    ["orders_updated", "(org_id, updated_at, id)"],
    ["orders_title", "(org_id, title_key, id)"],
    ["orders_status", "(org_id, status, id)"],
    ["orders_total", "(org_id, value_in_org_currency, id)"]
  ].map(([name, columns]) => `CREATE INDEX IF NOT EXISTS ${name} ON orders ${columns} INCLUDE (${policyColumns})`),
  `CREATE INDEX IF NOT EXISTS orders_creator ON orders (org_id, created_by)`,
  `CREATE INDEX IF NOT EXISTS orders_request ON orders (org_id, request_id) INCLUDE (status)
     WHERE request_id IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS orders_vendor_org ON orders (vendor_org_id, created_at, id)
     INCLUDE (org_id, status, vendor_id, workspace_id, priority, sent_at) WHERE sent_at IS NOT NULL`,
  `CREATE TABLE IF NOT EXISTS order_lines (
     org_id uuid NOT NULL,
     order_id uuid NOT NULL,
     position integer NOT NULL,
     id text NOT NULL,
     line_seq_id integer NOT NULL,
     request_item_id text,
     product jsonb,
     name_en text NOT NULL,
     name_ar text NOT NULL,
     description text NOT NULL DEFAULT '',
     category text,
     unit text NOT NULL DEFAULT '',
     quantity numeric NOT NULL,
     unit_price numeric NOT NULL,
     price_origin text NOT NULL CHECK (price_origin IN ('given', 'request', 'product', 'contract')),
     discount jsonb,
     tax_rate numeric NOT NULL,
     gross numeric NOT NULL,
     discount_amount numeric NOT NULL,
     net numeric NOT NULL,
     tax numeric NOT NULL,
     total numeric NOT NULL,
     received_quantity numeric NOT NULL DEFAULT 0,
     billed_quantity numeric NOT NULL DEFAULT 0,
     PRIMARY KEY (order_id, position),
     UNIQUE (order_id, id),
     FOREIGN KEY (org_id, order_id) REFERENCES orders (org_id, id) ON DELETE CASCADE
   )`,
  `CREATE TABLE IF NOT EXISTS order_payment_schedule (
     org_id uuid NOT NULL,
     order_id uuid NOT NULL,
     seq integer NOT NULL,
     label text NOT NULL,
     percent numeric NOT NULL,
     amount numeric NOT NULL,
     due_date date,
     PRIMARY KEY (order_id, seq),
     FOREIGN KEY (org_id, order_id) REFERENCES orders (org_id, id) ON DELETE CASCADE
   )`,
  `CREATE INDEX IF NOT EXISTS order_payment_schedule_due ON order_payment_schedule (org_id, due_date)
     WHERE due_date IS NOT NULL`,
  `CREATE TABLE IF NOT EXISTS order_watchers (
     org_id uuid NOT NULL,
     order_id uuid NOT NULL,
     position integer NOT NULL,
     user_id uuid NOT NULL,
     order_submission_enabled boolean NOT NULL,
     order_submission_notified boolean NOT NULL,
     PRIMARY KEY (order_id, position),
     UNIQUE (order_id, user_id),
     FOREIGN KEY (org_id, order_id) REFERENCES orders (org_id, id) ON DELETE CASCADE
   )`,
  `CREATE INDEX IF NOT EXISTS order_watchers_user ON order_watchers (org_id, user_id, order_id)`,
  `CREATE TABLE IF NOT EXISTS order_list_columns (
     org_id uuid NOT NULL REFERENCES organisations (id),
     user_id uuid NOT NULL,
     columns text[] NOT NULL,
     PRIMARY KEY (org_id, user_id)
   )`,
  // An order is addressed to its vendor connection's organisation, whenever either changes.
  `CREATE OR REPLACE FUNCTION orders_vendor_org() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     NEW.vendor_org_id := (SELECT v.vendor_org_id FROM vendors v WHERE v.org_id = NEW.org_id AND v.id = NEW.vendor_id);
     RETURN NEW;
   END
   $$`,
  `DROP TRIGGER IF EXISTS orders_vendor_org ON orders`,
  `CREATE TRIGGER orders_vendor_org BEFORE INSERT OR UPDATE OF vendor_id ON orders
     FOR EACH ROW EXECUTE FUNCTION orders_vendor_org()`,
  `CREATE OR REPLACE FUNCTION vendors_orders_vendor_org() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE orders SET vendor_org_id = NEW.vendor_org_id WHERE org_id = NEW.org_id AND vendor_id = NEW.id;
     RETURN NEW;
   END
   $$`,
  `DROP TRIGGER IF EXISTS vendors_orders_vendor_org ON vendors`,
  `CREATE TRIGGER vendors_orders_vendor_org AFTER UPDATE OF vendor_org_id ON vendors
     FOR EACH ROW WHEN (OLD.vendor_org_id IS DISTINCT FROM NEW.vendor_org_id)
     EXECUTE FUNCTION vendors_orders_vendor_org()`,
  ...["orders", "order_lines", "order_payment_schedule", "order_watchers", "order_list_columns"].flatMap((table) => [
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
    `DROP POLICY IF EXISTS tenant_isolation ON ${table}`,
    `CREATE POLICY tenant_isolation ON ${table} USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`
  ]),
  `DROP POLICY IF EXISTS vendor_read ON orders`,
  `CREATE POLICY vendor_read ON orders FOR SELECT USING (sent_at IS NOT NULL AND vendor_org_id = app_org_id())`,
  ...["order_lines", "order_payment_schedule"].flatMap((table) => [
    `DROP POLICY IF EXISTS vendor_read ON ${table}`,
    `CREATE POLICY vendor_read ON ${table} FOR SELECT USING (EXISTS (
       SELECT 1 FROM orders o WHERE o.org_id = ${table}.org_id AND o.id = ${table}.order_id
         AND o.sent_at IS NOT NULL AND o.vendor_org_id = app_org_id()))`
  ]),
  `GRANT SELECT, INSERT, UPDATE, DELETE ON orders, order_lines, order_payment_schedule, order_watchers,
     order_list_columns TO tawreed_app`
]
