import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import {
  VendorChange,
  VendorChangeList,
  VendorChangeRule,
  VendorChangeReviewInput,
  VendorChangeWithdrawInput
} from "@tawreed/core/vendors"
import { changing, guarded, idParams, reading } from "../ApiContract.ts"

/**
 * Reviewed changes of a connected vendor's key details. SPEC.md §7 names no path for them: they sit under
 * `vendors/changes/…` beside the vendor's own paths (`GET vendors/changes/{vendorId}`, `PUT
 * vendors/changes/status/{changeId}` as `PUT invites/status/{id}` decides an invitation, `PUT
 * vendors/changes/withdraw/{changeId}`). Declared without its middleware: Api.ts adds it behind Authentication.
 */
export class VendorChangesGroup extends HttpApiGroup.make("vendorChanges")
  .add(
    HttpApiEndpoint.get("changes", "/vendors/changes/:id", {
      params: idParams,
      success: VendorChangeList,
      error: reading
    }).annotate(
      OpenApi.Description,
      "The vendor `id`'s change of key details waiting for review (bank accounts, legal names, CR and VAT numbers, addresses), if any, and its latest decided ones."
    )
  )
  .add(
    HttpApiEndpoint.put("reviewChange", "/vendors/changes/status/:id", {
      params: idParams,
      payload: VendorChangeReviewInput,
      success: VendorChange,
      error: changing
    }).annotate(
      OpenApi.Description,
      "Approves (applying it at the vendor's version it was proposed against) or rejects (discarding it) the change `id`, with a remark; a super approver decides over every level with isSuperApproval."
    )
  )
  .add(
    HttpApiEndpoint.put("withdrawChange", "/vendors/changes/withdraw/:id", {
      params: idParams,
      payload: VendorChangeWithdrawInput,
      success: VendorChange,
      error: changing
    }).annotate(OpenApi.Description, "Takes back the pending change `id`: its proposer, or a vendor administrator.")
  )
  .add(
    HttpApiEndpoint.get("rule", "/vendors/change-rule", { success: VendorChangeRule, error: guarded }).annotate(
      OpenApi.Description,
      "The onboarding rule: whether changes of legal names, CR and VAT numbers and addresses are reviewed too (bank accounts always are)."
    )
  )
  .add(
    HttpApiEndpoint.put("saveRule", "/vendors/change-rule", {
      payload: VendorChangeRule,
      success: VendorChangeRule,
      error: changing
    })
  ) {}
