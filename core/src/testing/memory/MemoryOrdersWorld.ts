import { Layer } from "effect"
import { Notifications } from "../../notifications/Notifications.ts"
import { Orders } from "../../orders/Orders.ts"
import { vendorAttachmentsRegistration } from "../../vendors/VendorAttachments.ts"
import { Vendors } from "../../vendors/Vendors.ts"
import { layerMemoryCarts } from "./MemoryCarts.ts"
import { layerMemoryContracts } from "./MemoryContracts.ts"
import { layerMemoryOrderPrinter } from "./MemoryOrderPrinter.ts"
import { layerMemoryOrders } from "./MemoryOrders.ts"
import { layerMemoryRequestsWorld } from "./MemoryRequestsWorld.ts"
import { layerMemoryVendorChanges } from "./MemoryVendorChanges.ts"
import { layerMemoryVendors } from "./MemoryVendors.ts"

/**
 * The orders use cases as they run in the product — the real approval engine, budget ledger, requests, vendors and
 * carts — over the memory stores, for tests of orders and of what drives them.
 */
export const layerMemoryOrdersWorld = Orders.layer.pipe(
  Layer.provideMerge(Layer.mergeAll(vendorAttachmentsRegistration, Notifications.layer)),
  Layer.provideMerge(Vendors.layer),
  Layer.provideMerge(
    Layer.mergeAll(
      layerMemoryOrders,
      layerMemoryOrderPrinter,
      layerMemoryVendors,
      layerMemoryVendorChanges,
      layerMemoryCarts,
      layerMemoryContracts
    )
  ),
  Layer.provideMerge(layerMemoryRequestsWorld)
)
