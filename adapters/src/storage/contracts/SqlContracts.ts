import { BigDecimal, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import {
  Contract,
  ContractLine,
  ContractName,
  type ContractFilter,
  type ContractRecord,
  ContractRepository,
  type ContractStatus,
  type CeilingMove,
  remainingOf
} from "@tawreed/core/contracts"
import type { OrgId } from "@tawreed/core/organisations"
import { textArray } from "../SqlArrays.ts"
import { insertNumbered, isUuid, tenantScope, thenFind, updateAtVersion, uuidArray } from "../SqlKit.ts"
import { beforeTenant, isSqlError } from "../Tenancy.ts"

interface ContractRow {
  readonly id: string
  readonly number: string
  readonly title: string
  readonly vendor_id: string
  readonly vendor_name_en: string
  readonly vendor_name_ar: string
  readonly workspace_id: string | null
  readonly workspace_name: string | null
  readonly currency: string
  readonly start_date: string
  readonly end_date: string
  readonly ceiling: string | null
  readonly consumed: string
  readonly terms: string
  readonly attachments: ReadonlyArray<string>
  readonly status: ContractStatus
  readonly owner_id: string
  readonly first_name: string | null
  readonly last_name: string | null
  readonly email: string | null
  readonly alerted_at: Date | string | null
  readonly end_remark: string
  readonly version: number
  readonly created_at: Date | string
  readonly updated_at: Date | string
}

interface LineRow {
  readonly contract_id: string
  readonly product_id: string
  readonly sku: string
  readonly name_en: string
  readonly name_ar: string
  readonly unit_price: string
  readonly min_quantity: string | null
}

const iso = (at: Date | string): string => new Date(at).toISOString()
/** A numeric as people read it: `1000.000000` is `1000`. */
const amount = (text: string): string => BigDecimal.format(BigDecimal.normalize(BigDecimal.fromStringUnsafe(text)))

const toContract = (row: ContractRow, lines: ReadonlyArray<LineRow>): Contract => {
  const ceiling = row.ceiling === null ? null : amount(row.ceiling)
  const consumed = amount(row.consumed)
  return new Contract({
    id: row.id,
    number: row.number,
    title: row.title,
    vendorId: row.vendor_id,
    vendorName: new ContractName({ en: row.vendor_name_en, ar: row.vendor_name_ar }),
    workspaceId: row.workspace_id,
    workspaceName: row.workspace_name,
    currency: row.currency,
    startDate: row.start_date,
    endDate: row.end_date,
    ceiling,
    consumed,
    remaining: remainingOf(ceiling, consumed),
    lines: lines.map(
      (l) =>
        new ContractLine({
          productId: l.product_id,
          sku: l.sku,
          productName: new ContractName({ en: l.name_en, ar: l.name_ar }),
          unitPrice: amount(l.unit_price),
          minQuantity: l.min_quantity === null ? null : amount(l.min_quantity)
        })
    ),
    attachments: [...row.attachments],
    terms: row.terms,
    status: row.status,
    ownerId: row.owner_id,
    ownerName: `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() || (row.email ?? ""),
    alertedAt: row.alerted_at === null ? null : iso(row.alerted_at),
    endRemark: row.end_remark,
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at)
  })
}

/**
 * Contracts in PostgreSQL, inside the organisation. The ceiling moves by one conditional UPDATE each way
 * (`consumed + amount <= ceiling`, `consumed >= amount`), which PostgreSQL applies one writer at a time on the row,
 * so concurrent orders can never take more than the ceiling; a CHECK on the table holds the same line.
 */
export const SqlContracts = Layer.effect(
  ContractRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const tenant = tenantScope(sql)
    const columns = sql`
      c.id, c.number, c.title, c.vendor_id, c.vendor_name_en, c.vendor_name_ar, c.workspace_id, c.workspace_name,
      c.currency, to_char(c.start_date, 'YYYY-MM-DD') AS start_date, to_char(c.end_date, 'YYYY-MM-DD') AS end_date,
      c.ceiling::text AS ceiling, c.consumed::text AS consumed, c.terms, c.attachments, c.status, c.owner_id,
      u.first_name, u.last_name, u.email, c.alerted_at, c.end_remark, c.version, c.created_at, c.updated_at`
    const from = sql`FROM contracts c LEFT JOIN users u ON u.id = c.owner_id AND u.org_id = c.org_id`

    /** Contracts with their lines, in the order of `rows`. */
    const assemble = (orgId: OrgId, rows: ReadonlyArray<ContractRow>) =>
      Effect.gen(function* () {
        if (rows.length === 0) return []
        const lines = yield* sql<LineRow>`
          SELECT contract_id, product_id, sku, name_en, name_ar, unit_price::text AS unit_price,
                 min_quantity::text AS min_quantity
          FROM contract_lines WHERE org_id = ${orgId} AND contract_id = ANY(${uuidArray(rows.map((r) => r.id))}::uuid[])
          ORDER BY contract_id, position`
        return rows.map((row) =>
          toContract(
            row,
            lines.filter((l) => l.contract_id === row.id)
          )
        )
      })

    const findIn = (orgId: OrgId, id: string) =>
      Effect.gen(function* () {
        if (!isUuid(id)) return Option.none<Contract>()
        const rows = yield* sql<ContractRow>`SELECT ${columns} ${from} WHERE c.org_id = ${orgId} AND c.id = ${id}`
        return Option.fromNullishOr((yield* assemble(orgId, rows))[0])
      })

    const writeLines = (orgId: OrgId, id: string, record: ContractRecord) =>
      Effect.gen(function* () {
        yield* sql`DELETE FROM contract_lines WHERE org_id = ${orgId} AND contract_id = ${id}`
        const [first, ...rest] = record.lines.map((line, position) => ({
          org_id: orgId,
          contract_id: id,
          position,
          product_id: line.productId,
          sku: line.sku,
          name_en: line.productName.en,
          name_ar: line.productName.ar,
          unit_price: line.unitPrice,
          min_quantity: line.minQuantity
        }))
        if (first === undefined) return
        yield* sql`INSERT INTO contract_lines ${sql.insert([first, ...rest])}`
      })

    const where = (orgId: OrgId, filter: ContractFilter) => {
      const conditions = [sql`c.org_id = ${orgId}`]
      if (filter.vendorId !== undefined) {
        conditions.push(isUuid(filter.vendorId) ? sql`c.vendor_id = ${filter.vendorId}` : sql`false`)
      }
      if (filter.statuses !== undefined) conditions.push(sql`c.status = ANY(${textArray(filter.statuses)}::text[])`)
      if (filter.search !== undefined) {
        const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        conditions.push(
          sql`(c.title ILIKE ${pattern} OR c.number ILIKE ${pattern} OR c.vendor_name_en ILIKE ${pattern}
               OR c.vendor_name_ar ILIKE ${pattern})`
        )
      }
      return sql.and(conditions)
    }

    /** Why a conditional move did not apply: no such contract, or it refused (with the contract as it stands). */
    const notMoved = (orgId: OrgId, id: string) =>
      Effect.map(findIn(orgId, id), (found): CeilingMove =>
        Option.isNone(found) ? { _tag: "NotFound" } : { _tag: "Refused", contract: found.value }
      )

    const moved = (orgId: OrgId, id: string, orderRef: string, change: string) =>
      Effect.gen(function* () {
        yield* sql`INSERT INTO contract_consumptions (org_id, contract_id, order_ref, amount)
                   VALUES (${orgId}, ${id}, ${orderRef.slice(0, 200) || "-"}, ${change}::numeric)`
        return { _tag: "Moved", contract: Option.getOrThrow(yield* findIn(orgId, id)) } satisfies CeilingMove
      })

    return ContractRepository.of({
      insert: Effect.fn("SqlContracts.insert")(function* (orgId, record, ownerId) {
        return yield* tenant(orgId)(
          Effect.gen(function* () {
            const id = yield* insertNumbered(orgId, "contract", ({ id, number }) =>
              Effect.andThen(
                sql`INSERT INTO contracts (id, org_id, number, title, vendor_id, vendor_name_en, vendor_name_ar,
                      workspace_id, workspace_name, currency, start_date, end_date, ceiling, terms, attachments, status,
                      owner_id)
                    VALUES (${id}, ${orgId}, ${number}, ${record.title}, ${record.vendorId}, ${record.vendorName.en},
                      ${record.vendorName.ar}, ${record.workspaceId}, ${record.workspaceName}, ${record.currency},
                      ${record.startDate}::date, ${record.endDate}::date, ${record.ceiling}::numeric, ${record.terms},
                      ${textArray(record.attachments)}::text[], 'CONTRACT_DRAFTED', ${ownerId})`,
                writeLines(orgId, id, record)
              )
            )
            return Option.getOrThrow(yield* findIn(orgId, id))
          })
        )
      }),
      find: Effect.fn("SqlContracts.find")(function* (orgId, id) {
        return yield* tenant(orgId)(findIn(orgId, id))
      }),
      update: Effect.fn("SqlContracts.update")(function* (orgId, id, record, version) {
        return yield* tenant(orgId)(
          Effect.gen(function* () {
            const updated = yield* updateAtVersion(
              { table: "contracts", entity: "contract", orgId, id, version },
              sql`title = ${record.title}, vendor_id = ${record.vendorId}, vendor_name_en = ${record.vendorName.en},
                  vendor_name_ar = ${record.vendorName.ar}, workspace_id = ${record.workspaceId},
                  workspace_name = ${record.workspaceName}, currency = ${record.currency},
                  start_date = ${record.startDate}::date, end_date = ${record.endDate}::date,
                  ceiling = ${record.ceiling}::numeric, terms = ${record.terms},
                  attachments = ${textArray(record.attachments)}::text[],
                  updated_at = date_trunc('milliseconds', clock_timestamp())`
            )
            if (Option.isSome(updated)) yield* writeLines(orgId, id, record)
            return yield* thenFind(findIn(orgId, id))(Effect.succeed(updated))
          })
        )
      }),
      setStatus: Effect.fn("SqlContracts.setStatus")(function* (orgId, id, status, version, endRemark) {
        return yield* tenant(orgId)(
          updateAtVersion(
            { table: "contracts", entity: "contract", orgId, id, version },
            sql`status = ${status}, end_remark = CASE WHEN ${endRemark ?? ""} = '' THEN end_remark ELSE ${
              endRemark ?? ""
            } END, updated_at = date_trunc('milliseconds', clock_timestamp())`
          ).pipe(thenFind(findIn(orgId, id)))
        )
      }),
      list: Effect.fn("SqlContracts.list")(function* (orgId, query) {
        return yield* tenant(orgId)(
          Effect.gen(function* () {
            const rows = yield* sql<ContractRow>`
              SELECT ${columns} ${from} WHERE ${where(orgId, query)}
              ORDER BY c.created_at DESC, c.number DESC
              LIMIT ${query.limit} OFFSET ${query.offset}`
            return yield* assemble(orgId, rows)
          })
        )
      }),
      counts: Effect.fn("SqlContracts.counts")(function* (orgId, filter) {
        const rows = yield* tenant(orgId)(
          sql<{ status: ContractStatus; count: number }>`
            SELECT c.status, count(*)::int AS count FROM contracts c WHERE ${where(orgId, filter)} GROUP BY c.status`
        )
        const order = [
          "CONTRACT_DRAFTED",
          "CONTRACT_PENDING_APPROVAL",
          "CONTRACT_ACTIVE",
          "CONTRACT_REJECTED",
          "CONTRACT_EXPIRED",
          "CONTRACT_TERMINATED",
          "CONTRACT_CLOSED"
        ]
        return [...rows]
          .sort((a, b) => order.indexOf(a.status) - order.indexOf(b.status))
          .map((r) => ({ status: r.status, count: Number(r.count) }))
      }),
      consume: Effect.fn("SqlContracts.consume")(function* (orgId, id, value, orderRef, day) {
        if (!isUuid(id)) return { _tag: "NotFound" } as CeilingMove
        return yield* tenant(orgId)(
          Effect.gen(function* () {
            const rows = yield* sql<{ id: string }>`
              UPDATE contracts SET consumed = consumed + ${value}::numeric
              WHERE org_id = ${orgId} AND id = ${id} AND status = 'CONTRACT_ACTIVE'
                AND start_date <= ${day}::date AND end_date >= ${day}::date
                AND (ceiling IS NULL OR consumed + ${value}::numeric <= ceiling)
              RETURNING id`
            return rows.length === 0 ? yield* notMoved(orgId, id) : yield* moved(orgId, id, orderRef, value)
          })
        )
      }),
      release: Effect.fn("SqlContracts.release")(function* (orgId, id, value, orderRef) {
        if (!isUuid(id)) return { _tag: "NotFound" } as CeilingMove
        return yield* tenant(orgId)(
          Effect.gen(function* () {
            const rows = yield* sql<{ id: string }>`
              UPDATE contracts SET consumed = consumed - ${value}::numeric
              WHERE org_id = ${orgId} AND id = ${id} AND consumed >= ${value}::numeric
              RETURNING id`
            return rows.length === 0 ? yield* notMoved(orgId, id) : yield* moved(orgId, id, orderRef, `-${value}`)
          })
        )
      }),
      heldBy: Effect.fn("SqlContracts.heldBy")(function* (orgId, orderRef) {
        const rows = yield* tenant(orgId)(
          sql<{ contract_id: string; amount: string }>`
            SELECT contract_id, sum(amount)::text AS amount FROM contract_consumptions
            WHERE org_id = ${orgId} AND order_ref = ${orderRef.slice(0, 200) || "-"}
            GROUP BY contract_id HAVING sum(amount) > 0
            ORDER BY contract_id`
        )
        return rows.map((r) => ({ contractId: r.contract_id, amount: amount(r.amount) }))
      }),
      inForce: Effect.fn("SqlContracts.inForce")(function* (orgId, vendorId, productIds, day) {
        if (!isUuid(vendorId) || productIds.filter(isUuid).length === 0) return []
        return yield* tenant(orgId)(
          Effect.gen(function* () {
            const rows = yield* sql<ContractRow>`
              SELECT ${columns} ${from}
              WHERE c.org_id = ${orgId} AND c.vendor_id = ${vendorId} AND c.status = 'CONTRACT_ACTIVE'
                AND c.start_date <= ${day}::date AND c.end_date >= ${day}::date
                AND EXISTS (SELECT 1 FROM contract_lines l WHERE l.org_id = c.org_id AND l.contract_id = c.id
                              AND l.product_id = ANY(${uuidArray(productIds)}::uuid[]))
              ORDER BY c.start_date DESC, c.number DESC`
            return yield* assemble(orgId, rows)
          })
        )
      }),
      dueForExpiry: Effect.fn("SqlContracts.dueForExpiry")(function* (today, alertUntil) {
        const rows = yield* beforeTenant(
          "app.contracts_due_until",
          alertUntil
        )(
          sql<{ org_id: string; id: string; alert: boolean; expire: boolean }>`
            SELECT org_id, id, (alerted_at IS NULL AND end_date >= ${today}::date) AS alert,
                   (end_date < ${today}::date) AS expire
            FROM contracts
            WHERE status = 'CONTRACT_ACTIVE' AND end_date <= ${alertUntil}::date
            ORDER BY end_date, id
            LIMIT 10000`
        ).pipe(Effect.provideService(SqlClient.SqlClient, sql), Effect.catchIf(isSqlError, Effect.die))
        const due = (row: { org_id: string; id: string }) => ({ orgId: row.org_id as OrgId, id: row.id })
        return { alert: rows.filter((r) => r.alert).map(due), expire: rows.filter((r) => r.expire).map(due) }
      }),
      markAlerted: Effect.fn("SqlContracts.markAlerted")(function* (orgId, id, alertUntil) {
        if (!isUuid(id)) return Option.none()
        return yield* tenant(orgId)(
          Effect.gen(function* () {
            const rows = yield* sql<{ id: string }>`
              UPDATE contracts SET alerted_at = clock_timestamp()
              WHERE org_id = ${orgId} AND id = ${id} AND status = 'CONTRACT_ACTIVE' AND alerted_at IS NULL
                AND end_date <= ${alertUntil}::date
              RETURNING id`
            return rows.length === 0 ? Option.none() : yield* findIn(orgId, id)
          })
        )
      }),
      expire: Effect.fn("SqlContracts.expire")(function* (orgId, id, today) {
        if (!isUuid(id)) return Option.none()
        return yield* tenant(orgId)(
          Effect.gen(function* () {
            const rows = yield* sql<{ id: string }>`
              UPDATE contracts SET status = 'CONTRACT_EXPIRED', version = version + 1,
                     updated_at = date_trunc('milliseconds', clock_timestamp())
              WHERE org_id = ${orgId} AND id = ${id} AND status = 'CONTRACT_ACTIVE' AND end_date < ${today}::date
              RETURNING id`
            return rows.length === 0 ? Option.none() : yield* findIn(orgId, id)
          })
        )
      })
    })
  })
)
