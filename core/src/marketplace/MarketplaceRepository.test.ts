import { Layer } from "effect"
import {
  layerMemoryAdministration,
  layerMemoryCatalog,
  layerMemoryFileRepository,
  layerMemoryMarketplace,
  MarketplaceRepositoryContract
} from "../testing/index.ts"

MarketplaceRepositoryContract.suite(
  "memory",
  layerMemoryMarketplace.pipe(
    Layer.provideMerge(Layer.merge(layerMemoryCatalog, layerMemoryFileRepository)),
    Layer.provideMerge(layerMemoryAdministration)
  )
)
