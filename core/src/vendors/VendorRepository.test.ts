import { Layer } from "effect"
import { layerMemoryAdministration, layerMemoryVendors, VendorRepositoryContract } from "../testing/index.ts"

VendorRepositoryContract.suite("memory", layerMemoryVendors.pipe(Layer.provideMerge(layerMemoryAdministration)))
