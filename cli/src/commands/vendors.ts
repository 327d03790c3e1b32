import type { Command } from "commander"
import type { Runner } from "../Runner.ts"
import * as Create from "./vendors/create.ts"
import * as Invite from "./vendors/invite.ts"
import * as List from "./vendors/list.ts"
import * as Review from "./vendors/review.ts"
import * as Show from "./vendors/show.ts"

/** `tawreed vendors …`: the buyer's vendor master. */
export const register = (parent: Command, run: Runner) => {
  const vendors = parent.command("vendors").description("list, show and record the organisation's vendors")
  for (const command of [List, Show, Create, Invite, Review]) command.register(vendors, run)
  return vendors
}
