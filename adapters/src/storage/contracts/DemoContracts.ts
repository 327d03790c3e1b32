import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { privilegesWithCustomRoles } from "@tawreed/core/access"
import { ContractCommandInput, Contracts, NewContractInput } from "@tawreed/core/contracts"
import { Actor, type UserId } from "@tawreed/core/identity"
import type { OrgId } from "@tawreed/core/organisations"
import type { DemoPerson } from "../requests/DemoRequests.ts"
import { inTenant } from "../Tenancy.ts"

/** Days from today, as `YYYY-MM-DD`. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/**
 * The demo buyer's contract: a year's agreement with Sahara Supplies on the first two catalogue products it sells,
 * at agreed prices 10 % below their list prices before VAT from 10 units (which an order of them from the cart takes),
 * with a ceiling of 50,000 SAR, active and ending 45 days from the day the demo is loaded, so its owner's expiry
 * alert (60 days ahead) is on the bell at once.
 */
export const loadContracts = (orgId: OrgId, admin: DemoPerson, vendorId: string) =>
  Effect.gen(function* () {
    const contracts = yield* Contracts
    const sql = yield* SqlClient.SqlClient
    const actor = new Actor({
      sessionId: "demo-data",
      userId: admin.id as UserId,
      orgId,
      email: admin.email,
      displayName: `${admin.firstName} ${admin.lastName}`,
      roles: [...admin.roles],
      privileges: privilegesWithCustomRoles(admin.roles, [])
    })
    const products = yield* inTenant(orgId)(
      sql<{ id: string; price_value: string }>`
        SELECT p.id, p.price->>'basePrice' AS price_value FROM products p
        WHERE p.org_id = ${orgId}
          AND p.sold_by = (SELECT v.name_en FROM vendors v WHERE v.org_id = ${orgId} AND v.id = ${vendorId})
        ORDER BY p.sku_number LIMIT 2`
    ).pipe(Effect.orDie)
    const made = yield* contracts.create(
      actor,
      new NewContractInput({
        title: "Office supplies framework agreement",
        vendorId,
        currency: "SAR",
        startDate: dayFromToday(-320),
        endDate: dayFromToday(45),
        ceiling: "50000",
        lines: products.map((p) => ({
          productId: p.id,
          unitPrice: (Math.round(Number(p.price_value) * 90) / 100).toFixed(2),
          minQuantity: "10"
        })),
        terms: "Prices fixed for the term; delivery within 5 working days; payment 30 days from invoice."
      })
    )
    const active = yield* contracts.submit(actor, made.id, new ContractCommandInput({}))
    yield* contracts.runExpiry()
    return active
  })
