/**
 * Contracts (framework agreements with a vendor, GLOSSARY "contract"; ERPNext's Blanket Order, Odoo's blanket
 * orders):
 *
 * - `contracts`: one row per contract with its number (`CTR-000001`), title, vendor (the vendor master) and the
 *   vendor's names as saved, optional workspace, currency, validity dates, optional ceiling and what orders consumed
 *   of it, terms, files, status, owner, when its owner was alerted of its end, the remark of its ending, version.
 *   `consumed` stays between 0 and the ceiling by CHECK, beside the conditional update that moves it.
 * - `contract_lines`: its agreed prices, one per product (product id, SKU and names as saved, unit price, optional
 *   minimum quantity), indexed by product for the price lookup of orders.
 * - `contract_consumptions`: every amount an order took from a ceiling or gave back, with the order's reference.
 * - The expiry job works across organisations: it reads the active contracts ending by `app.contracts_due_until`
 *   through a lookup policy that the setting opens for its transaction only, then alerts and expires each one
 *   inside its organisation.
 * - The approval engine's workflows take the kind `contract`.
 *
 * Row-level security as everywhere. Running it again leaves what it made.
 */
export const statements: ReadonlyArray<string> = [
  `ALTER TABLE approval_workflows DROP CONSTRAINT IF EXISTS approval_workflows_kind_check`,
  `ALTER TABLE approval_workflows ADD CONSTRAINT approval_workflows_kind_check
     CHECK (kind IN ('request', 'rfq', 'pre_rfq_approval', 'order', 'bill', 'workspace', 'budget', 'invite',
       'vendor_change', 'contract'))`,
  `CREATE TABLE IF NOT EXISTS contracts (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     number text NOT NULL,
     title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
     vendor_id uuid NOT NULL REFERENCES vendors (id),
     vendor_name_en text NOT NULL,
     vendor_name_ar text NOT NULL,
     workspace_id uuid,
     workspace_name text,
     currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
     start_date date NOT NULL,
     end_date date NOT NULL,
     ceiling numeric(21, 6) CHECK (ceiling > 0),
     consumed numeric(21, 6) NOT NULL DEFAULT 0 CHECK (consumed >= 0 AND (ceiling IS NULL OR consumed <= ceiling)),
     terms text NOT NULL DEFAULT '',
     attachments text[] NOT NULL DEFAULT '{}',
     status text NOT NULL CHECK (status IN ('CONTRACT_DRAFTED', 'CONTRACT_PENDING_APPROVAL', 'CONTRACT_ACTIVE',
       'CONTRACT_REJECTED', 'CONTRACT_EXPIRED', 'CONTRACT_TERMINATED', 'CONTRACT_CLOSED')),
     owner_id uuid NOT NULL,
     alerted_at timestamptz,
     end_remark text NOT NULL DEFAULT '',
     version integer NOT NULL DEFAULT 1,
     created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
     updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', clock_timestamp()),
     CHECK (end_date >= start_date),
     UNIQUE (org_id, number)
   )`,
  `CREATE INDEX IF NOT EXISTS contracts_list ON contracts (org_id, created_at DESC, number DESC)`,
  `CREATE INDEX IF NOT EXISTS contracts_by_vendor ON contracts (org_id, vendor_id, status)`,
  `CREATE INDEX IF NOT EXISTS contracts_active_end ON contracts (end_date) WHERE status = 'CONTRACT_ACTIVE'`,
  `CREATE TABLE IF NOT EXISTS contract_lines (
     org_id uuid NOT NULL REFERENCES organisations (id),
     contract_id uuid NOT NULL REFERENCES contracts (id) ON DELETE CASCADE,
     position integer NOT NULL,
     product_id uuid NOT NULL,
     sku text NOT NULL,
     name_en text NOT NULL,
     name_ar text NOT NULL,
     unit_price numeric(21, 6) NOT NULL CHECK (unit_price > 0),
     min_quantity numeric(21, 6) CHECK (min_quantity > 0),
     PRIMARY KEY (contract_id, position),
     UNIQUE (contract_id, product_id)
   )`,
  `CREATE INDEX IF NOT EXISTS contract_lines_by_product ON contract_lines (org_id, product_id)`,
  `CREATE TABLE IF NOT EXISTS contract_consumptions (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     contract_id uuid NOT NULL REFERENCES contracts (id),
     order_ref text NOT NULL CHECK (length(order_ref) BETWEEN 1 AND 200),
     amount numeric(21, 6) NOT NULL CHECK (amount <> 0),
     created_at timestamptz NOT NULL DEFAULT clock_timestamp()
   )`,
  `CREATE INDEX IF NOT EXISTS contract_consumptions_by_contract
     ON contract_consumptions (org_id, contract_id, created_at)`,
  ...["contracts", "contract_lines", "contract_consumptions"].flatMap((table) => [
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
    `DROP POLICY IF EXISTS tenant_isolation ON ${table}`,
    `CREATE POLICY tenant_isolation ON ${table} USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`
  ]),
  `DROP POLICY IF EXISTS expiry_lookup ON contracts`,
  `CREATE POLICY expiry_lookup ON contracts FOR SELECT USING (
     status = 'CONTRACT_ACTIVE'
     AND nullif(current_setting('app.contracts_due_until', true), '') IS NOT NULL
     AND end_date <= nullif(current_setting('app.contracts_due_until', true), '')::date
   )`,
  `GRANT SELECT, INSERT, UPDATE ON contracts TO tawreed_app`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON contract_lines TO tawreed_app`,
  `GRANT SELECT, INSERT ON contract_consumptions TO tawreed_app`
]
