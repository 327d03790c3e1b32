/**
 * What an order took from its request's budget share (`orders.request_share`, in the budget's currency): on
 * submission the request's requested amount for the lines ordered moves to the order, as Coupa moves a requisition's
 * commitment to its purchase order, so the line counts it once. A rejected, returned or cancelled order gives back
 * exactly this to a request still open. Running it again leaves what it made.
 */
export const statements: ReadonlyArray<string> = [`ALTER TABLE orders ADD COLUMN IF NOT EXISTS request_share numeric`]
