import { Layer } from "effect"
import { CartRepositoryContract, layerMemoryAdministration, layerMemoryCarts } from "../testing/index.ts"

CartRepositoryContract.suite("memory", layerMemoryCarts.pipe(Layer.provideMerge(layerMemoryAdministration)))
