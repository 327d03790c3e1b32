import { Layer } from "effect"
import { CatalogRepositoryContract, layerMemoryAdministration, layerMemoryCatalog } from "../testing/index.ts"

CatalogRepositoryContract.suite("memory", layerMemoryCatalog.pipe(Layer.provideMerge(layerMemoryAdministration)))
