import { Layer } from "effect"
import {
  layerMemoryAdministration,
  layerMemoryOrders,
  layerMemoryRequests,
  layerMemoryVendors,
  layerMemoryWorkspaces,
  OrderRepositoryContract
} from "../testing/index.ts"

OrderRepositoryContract.suite(
  "memory",
  Layer.mergeAll(layerMemoryOrders, layerMemoryRequests, layerMemoryVendors, layerMemoryWorkspaces).pipe(
    Layer.provideMerge(layerMemoryAdministration)
  )
)
