import type { Command } from "commander"
import { RequestApproval, RequestReview } from "@tawreed/core/requests"
import { requestToast } from "@tawreed/core/shared"
import type { Runner } from "../../Runner.ts"
import { registerReview } from "../DocumentReview.ts"
import { nowText, requestOf } from "./Lookup.ts"

/** `tawreed requests review <request> --action approve|skip|reject|return [--remark] [--classification] [--super]`. */
export const register = (parent: Command, run: Runner) =>
  registerReview(parent, run, {
    argument: ["<request>", "the request's number (REQ-000042) or id"],
    description: "approve, skip a level of, reject or return a request waiting for your approval",
    actions: ["approve", "skip", "reject", "return"],
    actionHelp: "approve, skip (super approvers), reject or return",
    find: requestOf,
    decide: (client, action, request, fields) =>
      action === "approve"
        ? client.requests.approve(request.id, new RequestApproval(fields))
        : action === "skip"
          ? client.requests.skip(request.id, new RequestReview(fields))
          : action === "reject"
            ? client.requests.reject(request.id, new RequestReview(fields))
            : client.requests.return(request.id, new RequestReview(fields)),
    // Skipping a level has no toast of its own in the spec; it is an approval of that level.
    said: (action, decided, locale) =>
      nowText(requestToast(action === "skip" ? "approve" : action, "success", locale) ?? "", decided, locale)
  })
