import { Layer } from "effect"
import {
  ContractRepositoryContract,
  layerMemoryAdministration,
  layerMemoryContracts,
  layerMemoryVendors
} from "../testing/index.ts"

ContractRepositoryContract.suite(
  "memory",
  Layer.mergeAll(layerMemoryVendors, layerMemoryContracts).pipe(Layer.provideMerge(layerMemoryAdministration))
)
