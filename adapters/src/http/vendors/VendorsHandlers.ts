import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Vendor, VendorReleaseInput, Vendors } from "@tawreed/core/vendors"
import { Api } from "../Api.ts"
import { HandlerKit } from "../HandlerKit.ts"
import { vendorListParams } from "./VendorsApi.ts"

/** The handlers of the buyer's vendor master. */
export const VendorsHandlers = HttpApiBuilder.group(Api, "vendors", (handlers) =>
  Effect.gen(function* () {
    const { asActor, once } = yield* HandlerKit
    const vendors = yield* Vendors
    return handlers
      .handle("list", ({ query }) => asActor((a) => Effect.flatMap(vendorListParams(query), (p) => vendors.list(a, p))))
      .handle("create", ({ payload }) => once(payload, Vendor, (a, { origin }) => vendors.create(a, payload, origin)))
      .handle("update", ({ payload }) => asActor((a, { origin }) => vendors.update(a, payload, origin)))
      .handle("saveColumns", ({ payload }) => asActor((a) => vendors.saveColumns(a, payload)))
      .handle("report", ({ query }) => asActor((a) => vendors.report(a, query)))
      .handle("history", ({ params }) => asActor((a) => vendors.history(a, params.id)))
      .handle("setStatus", ({ params, payload }) =>
        asActor((a, { origin }) => vendors.setStatus(a, params.id, payload, origin))
      )
      .handle("hold", ({ params, payload }) => asActor((a, { origin }) => vendors.hold(a, params.id, payload, origin)))
      .handle("release", ({ params, payload }) =>
        asActor((a, { origin }) => vendors.release(a, params.id, payload ?? new VendorReleaseInput({}), origin))
      )
      .handle("get", ({ params }) => asActor((a) => vendors.get(a, params.id)))
  })
)

/** The handlers of reviewed changes of vendors' key details. */
export const VendorChangesHandlers = HttpApiBuilder.group(Api, "vendorChanges", (handlers) =>
  Effect.gen(function* () {
    const { asActor } = yield* HandlerKit
    const vendors = yield* Vendors
    return handlers
      .handle("changes", ({ params }) => asActor((a) => vendors.changes(a, params.id)))
      .handle("reviewChange", ({ params, payload }) =>
        asActor((a, { origin }) => vendors.reviewChange(a, params.id, payload, origin))
      )
      .handle("withdrawChange", ({ params, payload }) =>
        asActor((a, { origin }) => vendors.withdrawChange(a, params.id, payload, origin))
      )
      .handle("rule", () => asActor((a) => vendors.changeRule(a)))
      .handle("saveRule", ({ payload }) => asActor((a, { origin }) => vendors.saveChangeRule(a, payload, origin)))
  })
)
