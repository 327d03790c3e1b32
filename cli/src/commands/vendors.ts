import type { Command } from "commander"
import type { Runner } from "../Runner.ts"
import * as Create from "./vendors/create.ts"
import * as Hold from "./vendors/hold.ts"
import * as Import from "./vendors/import.ts"
import * as Invite from "./vendors/invite.ts"
import * as List from "./vendors/list.ts"
import * as Review from "./vendors/review.ts"
import * as ReviewChange from "./vendors/reviewChange.ts"
import * as Show from "./vendors/show.ts"

/** `tawreed vendors …`: the buyer's vendor master. */
export const register = (parent: Command, run: Runner) => {
  const vendors = parent
    .command("vendors")
    .description(
      "list, show, record, import, invite, review, review changes of, hold and release the organisation's vendors"
    )
  for (const command of [List, Show, Create, Invite, Review, ReviewChange, Hold, Import]) command.register(vendors, run)
  return vendors
}
