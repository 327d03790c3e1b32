/**
 * A buyer connects a vendor organisation once: the connection of its vendors to organisations on the platform
 * (`vendors.vendor_org_id`) is unique per buyer, so linking an organisation already on Tawreed to an invitation
 * cannot connect it twice, even when two approvals run at once. The unique index takes the place of the plain one
 * of 0020 for the same lookups. Running it again leaves what it made.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE UNIQUE INDEX IF NOT EXISTS vendors_vendor_org_key ON vendors (org_id, vendor_org_id)
     WHERE vendor_org_id IS NOT NULL`,
  `DROP INDEX IF EXISTS vendors_vendor_org`
]
