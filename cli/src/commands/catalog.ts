import type { Command } from "commander"
import type { Runner } from "../Runner.ts"
import * as Import from "./catalog/import.ts"
import * as Search from "./catalog/search.ts"

/** `tawreed catalog …`: the organisation's products. */
export const register = (parent: Command, run: Runner) => {
  const catalog = parent.command("catalog").description("import and search the organisation's products")
  for (const command of [Import, Search]) command.register(catalog, run)
  return catalog
}
