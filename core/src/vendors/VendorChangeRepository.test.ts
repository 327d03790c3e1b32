import { Layer } from "effect"
import {
  layerMemoryAdministration,
  layerMemoryVendorChanges,
  layerMemoryVendors,
  VendorChangeRepositoryContract
} from "../testing/index.ts"

VendorChangeRepositoryContract.suite(
  "memory",
  Layer.mergeAll(layerMemoryVendors, layerMemoryVendorChanges).pipe(Layer.provideMerge(layerMemoryAdministration))
)
