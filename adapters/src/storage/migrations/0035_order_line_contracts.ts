/**
 * The contract whose agreed price an order line takes (`order_lines.contract`, `{ id, number }` or null), and the
 * index that finds what one order holds of contracts' ceilings (`contract_consumptions` by `order_ref`), which an
 * approval, an amendment, a cancellation or a closing reads to take or give back the difference. Running it again
 * leaves what it made.
 */
export const statements: ReadonlyArray<string> = [
  `ALTER TABLE order_lines ADD COLUMN IF NOT EXISTS contract jsonb`,
  `CREATE INDEX IF NOT EXISTS contract_consumptions_by_order ON contract_consumptions (org_id, order_ref)`
]
