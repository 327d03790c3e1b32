import { BigDecimal, Clock, Effect, Layer, Option } from "effect"
import { Contract, remainingOf, validOn } from "../../contracts/Contract.ts"
import { type ContractFilter, ContractRepository, type ContractRecord } from "../../contracts/ContractRepository.ts"
import { ContractStatus } from "../../contracts/ContractStatus.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { VersionConflict } from "../../shared/Errors.ts"
import { nextDocumentNumber } from "./MemoryDocumentNumbers.ts"
import { MemoryIdentityStore } from "./MemoryIdentity.ts"

interface Row {
  readonly orgId: string
  readonly contract: Contract
}

/** A map kept per identity store, so each test's world starts empty. */
const perIdentity = <V>() => {
  const maps = new WeakMap<object, Map<string, V>>()
  return (identity: object) => {
    let found = maps.get(identity)
    if (found === undefined) {
      found = new Map()
      maps.set(identity, found)
    }
    return found
  }
}
const storeOf = perIdentity<Row>()
/** What each order holds of each contract: `orgId|orderRef` → contract id → amount. */
const holdingsOf = perIdentity<Map<string, BigDecimal.BigDecimal>>()

const decimal = BigDecimal.fromStringUnsafe
const format = (value: BigDecimal.BigDecimal) => BigDecimal.format(BigDecimal.normalize(value))

const matches = (contract: Contract, filter: ContractFilter) => {
  if (filter.vendorId !== undefined && contract.vendorId !== filter.vendorId) return false
  if (filter.statuses !== undefined && !filter.statuses.includes(contract.status)) return false
  if (filter.search !== undefined) {
    const words = filter.search.toLowerCase()
    const text = [contract.title, contract.number, contract.vendorName.en, contract.vendorName.ar]
      .join(" ")
      .toLowerCase()
    if (!text.includes(words)) return false
  }
  return true
}

/** Contracts in memory, one store per identity store; each write is applied at once, as one statement would. */
export const layerMemoryContracts = Layer.effect(
  ContractRepository,
  Effect.map(Effect.service(MemoryIdentityStore), (identity) => {
    const store = storeOf(identity)
    const held = holdingsOf(identity)
    const hold = (orgId: string, orderRef: string, contractId: string, change: BigDecimal.BigDecimal) => {
      const key = `${orgId}|${orderRef}`
      const byContract = held.get(key) ?? new Map<string, BigDecimal.BigDecimal>()
      byContract.set(contractId, BigDecimal.sum(byContract.get(contractId) ?? decimal("0"), change))
      held.set(key, byContract)
    }
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())
    const nameOf = (userId: string) => {
      const user = identity.users.get(userId)?.user
      return user === undefined ? "" : `${user.firstName} ${user.lastName}`.trim() || user.email
    }
    const inOrg = (orgId: string) => [...store.values()].filter((r) => r.orgId === orgId).map((r) => r.contract)
    const rowOf = (orgId: string, id: string) => {
      const row = store.get(id)
      return row === undefined || row.orgId !== orgId ? undefined : row.contract
    }
    const put = (orgId: string, contract: Contract) => {
      store.set(contract.id, { orgId, contract })
      return contract
    }
    const withFields = (contract: Contract, changes: Partial<Contract>, at: string, bump = true) => {
      const next = { ...contract, ...changes }
      return new Contract({
        ...next,
        remaining: remainingOf(next.ceiling, next.consumed),
        version: bump ? contract.version + 1 : contract.version,
        updatedAt: at
      })
    }
    const atVersion = (orgId: string, id: string, version: number) =>
      Effect.gen(function* () {
        const contract = rowOf(orgId, id)
        if (contract === undefined) return undefined
        if (contract.version !== version) return yield* new VersionConflict({ entity: "contract", id })
        return contract
      })

    return ContractRepository.of({
      insert: (orgId, record: ContractRecord, ownerId) =>
        Effect.gen(function* () {
          const at = yield* now
          return put(
            orgId,
            new Contract({
              ...record,
              id: crypto.randomUUID(),
              number: nextDocumentNumber(store, orgId, "contract"),
              consumed: "0",
              remaining: remainingOf(record.ceiling, "0"),
              status: "CONTRACT_DRAFTED",
              ownerId,
              ownerName: nameOf(ownerId),
              alertedAt: null,
              endRemark: "",
              version: 1,
              createdAt: at,
              updatedAt: at
            })
          )
        }),
      find: (orgId, id) => Effect.sync(() => Option.fromNullishOr(rowOf(orgId, id))),
      update: (orgId, id, record, version) =>
        Effect.gen(function* () {
          const contract = yield* atVersion(orgId, id, version)
          if (contract === undefined) return Option.none()
          return Option.some(put(orgId, withFields(contract, record, yield* now)))
        }),
      setStatus: (orgId, id, status, version, endRemark) =>
        Effect.gen(function* () {
          const contract = yield* atVersion(orgId, id, version)
          if (contract === undefined) return Option.none()
          const changes = endRemark === undefined || endRemark === "" ? { status } : { status, endRemark }
          return Option.some(put(orgId, withFields(contract, changes, yield* now)))
        }),
      list: (orgId, query) =>
        Effect.sync(() =>
          inOrg(orgId)
            .filter((c) => matches(c, query))
            .sort((a, b) =>
              a.createdAt === b.createdAt ? b.number.localeCompare(a.number) : a.createdAt < b.createdAt ? 1 : -1
            )
            .slice(query.offset, query.offset + query.limit)
        ),
      counts: (orgId, filter) =>
        Effect.sync(() => {
          const counted = new Map<ContractStatus, number>()
          for (const c of inOrg(orgId).filter((c) => matches(c, filter))) {
            counted.set(c.status, (counted.get(c.status) ?? 0) + 1)
          }
          return ContractStatus.literals.flatMap((status) =>
            counted.has(status) ? [{ status, count: counted.get(status)! }] : []
          )
        }),
      consume: (orgId, id, amount, orderRef, day) =>
        Effect.gen(function* () {
          const contract = rowOf(orgId, id)
          if (contract === undefined) return { _tag: "NotFound" } as const
          const consumed = BigDecimal.sum(decimal(contract.consumed), decimal(amount))
          const fits = contract.ceiling === null || BigDecimal.isLessThanOrEqualTo(consumed, decimal(contract.ceiling))
          if (contract.status !== "CONTRACT_ACTIVE" || !validOn(contract, day) || !fits) {
            return { _tag: "Refused", contract } as const
          }
          const moved = put(orgId, withFields(contract, { consumed: format(consumed) }, yield* now, false))
          hold(orgId, orderRef, id, decimal(amount))
          return { _tag: "Moved", contract: moved } as const
        }),
      release: (orgId, id, amount, orderRef) =>
        Effect.gen(function* () {
          const contract = rowOf(orgId, id)
          if (contract === undefined) return { _tag: "NotFound" } as const
          const consumed = BigDecimal.subtract(decimal(contract.consumed), decimal(amount))
          if (BigDecimal.isNegative(consumed)) return { _tag: "Refused", contract } as const
          const moved = put(orgId, withFields(contract, { consumed: format(consumed) }, yield* now, false))
          hold(orgId, orderRef, id, BigDecimal.negate(decimal(amount)))
          return { _tag: "Moved", contract: moved } as const
        }),
      heldBy: (orgId, orderRef) =>
        Effect.sync(() =>
          [...(held.get(`${orgId}|${orderRef}`) ?? new Map<string, BigDecimal.BigDecimal>())]
            .filter(([, amount]) => BigDecimal.isPositive(amount))
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([contractId, amount]) => ({ contractId, amount: format(amount) }))
        ),
      inForce: (orgId, vendorId, productIds, day) =>
        Effect.sync(() =>
          inOrg(orgId).filter(
            (c) =>
              c.vendorId === vendorId &&
              c.status === "CONTRACT_ACTIVE" &&
              validOn(c, day) &&
              c.lines.some((l) => productIds.includes(l.productId))
          )
        ),
      dueForExpiry: (today, alertUntil) =>
        Effect.sync(() => {
          const active = [...store.values()].filter((r) => r.contract.status === "CONTRACT_ACTIVE")
          const due = (r: Row) => ({ orgId: r.orgId as OrgId, id: r.contract.id })
          return {
            alert: active
              .filter(
                (r) => r.contract.alertedAt === null && r.contract.endDate <= alertUntil && r.contract.endDate >= today
              )
              .map(due),
            expire: active.filter((r) => r.contract.endDate < today).map(due)
          }
        }),
      markAlerted: (orgId, id, alertUntil) =>
        Effect.gen(function* () {
          const contract = rowOf(orgId, id)
          if (
            contract === undefined ||
            contract.status !== "CONTRACT_ACTIVE" ||
            contract.alertedAt !== null ||
            contract.endDate > alertUntil
          ) {
            return Option.none()
          }
          const at = yield* now
          return Option.some(put(orgId, withFields(contract, { alertedAt: at }, at, false)))
        }),
      expire: (orgId, id, today) =>
        Effect.gen(function* () {
          const contract = rowOf(orgId, id)
          if (contract === undefined || contract.status !== "CONTRACT_ACTIVE" || contract.endDate >= today) {
            return Option.none()
          }
          return Option.some(put(orgId, withFields(contract, { status: "CONTRACT_EXPIRED" }, yield* now)))
        })
    })
  })
)
