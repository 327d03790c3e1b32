import { Layer } from "effect"
import {
  layerMemoryAdministration,
  layerMemoryCatalog,
  layerMemoryMarketplace,
  MarketplaceRepositoryContract
} from "../testing/index.ts"

MarketplaceRepositoryContract.suite(
  "memory",
  layerMemoryMarketplace.pipe(Layer.provideMerge(layerMemoryCatalog), Layer.provideMerge(layerMemoryAdministration))
)
