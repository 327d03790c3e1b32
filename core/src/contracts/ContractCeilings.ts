import { Effect } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"
import { type Contract, preferredContract, validOn } from "./Contract.ts"
import {
  ContractCeilingExceeded,
  ContractNotFound,
  ContractNotInForce,
  ContractReleaseExceeded
} from "./ContractErrors.ts"
import type { CeilingMove, ContractRepositoryShape } from "./ContractRepository.ts"

/** What one agreed price lookup answers for a product. */
export interface AgreedPriceFound {
  readonly price: string
  readonly minQuantity: string | null
  readonly currency: string
  readonly contractId: string
  readonly contractNumber: string
}

/**
 * The agreed prices of a vendor's products on a day, over the contracts port alone: for each product an active
 * contract with the vendor, valid on the day, agrees a price for, the price of the preferred such contract (the
 * newest start, then the higher number). The contracts use cases answer it to readers; the orders module prices
 * lines with it in its own transaction.
 */
export const agreedPricesOn = (
  repository: ContractRepositoryShape,
  orgId: OrgId,
  vendorId: string,
  productIds: ReadonlyArray<string>,
  day: string
) =>
  Effect.gen(function* () {
    const wanted = [...new Set(productIds)]
    const prices = new Map<string, AgreedPriceFound>()
    if (wanted.length === 0) return prices
    const contracts = yield* repository.inForce(orgId, vendorId, wanted, day)
    const chosen = new Map<string, Contract>()
    for (const contract of contracts) {
      if (contract.status !== "CONTRACT_ACTIVE" || !validOn(contract, day)) continue
      for (const line of contract.lines) {
        if (!wanted.includes(line.productId)) continue
        const held = chosen.get(line.productId)
        chosen.set(line.productId, held === undefined ? contract : preferredContract(held, contract))
      }
    }
    for (const [productId, contract] of chosen) {
      const line = contract.lines.find((l) => l.productId === productId)!
      prices.set(productId, {
        price: line.unitPrice,
        minQuantity: line.minQuantity,
        currency: contract.currency,
        contractId: contract.id,
        contractNumber: contract.number
      })
    }
    return prices
  })

const outcome = (id: string, moved: CeilingMove) =>
  moved._tag === "NotFound" ? Effect.fail(new ContractNotFound({ id })) : Effect.succeed(moved)

/**
 * Takes `value` (a positive decimal in the contract's currency) of an active contract's ceiling for the order
 * `orderRef` on `day`, in the caller's transaction: one conditional update, so concurrent orders never pass the
 * ceiling. Refused with the remaining amount when it would, or when the contract is not in force on the day.
 */
export const consumeCeiling = (
  repository: ContractRepositoryShape,
  orgId: OrgId,
  contractId: string,
  value: string,
  orderRef: string,
  day: string
) =>
  Effect.gen(function* () {
    const moved = yield* outcome(contractId, yield* repository.consume(orgId, contractId, value, orderRef, day))
    if (moved._tag === "Moved") return moved.contract
    const contract = moved.contract
    if (contract.status !== "CONTRACT_ACTIVE" || !validOn(contract, day)) {
      return yield* new ContractNotInForce({ number: contract.number, status: contract.status })
    }
    return yield* new ContractCeilingExceeded({
      number: contract.number,
      amount: value,
      remaining: contract.remaining ?? "0",
      currency: contract.currency
    })
  })

/** Gives `value` back to a contract's ceiling (the order `orderRef` cancelled, closed or reduced), in one update. */
export const releaseCeiling = (
  repository: ContractRepositoryShape,
  orgId: OrgId,
  contractId: string,
  value: string,
  orderRef: string
) =>
  Effect.gen(function* () {
    const moved = yield* outcome(contractId, yield* repository.release(orgId, contractId, value, orderRef))
    if (moved._tag === "Moved") return moved.contract
    return yield* new ContractReleaseExceeded({
      number: moved.contract.number,
      amount: value,
      consumed: moved.contract.consumed,
      currency: moved.contract.currency
    })
  })
