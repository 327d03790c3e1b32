import type { Command } from "commander"
import type { Runner } from "../Runner.ts"
import * as Archive from "./requests/archive.ts"
import * as Close from "./requests/close.ts"
import * as Copy from "./requests/copy.ts"
import * as Create from "./requests/create.ts"
import * as List from "./requests/list.ts"
import * as Review from "./requests/review.ts"
import * as Show from "./requests/show.ts"
import * as Submit from "./requests/submit.ts"

/** `tawreed requests …`: purchase and expense requests, from a draft to their approval and close. */
export const register = (parent: Command, run: Runner) => {
  const requests = parent
    .command("requests")
    .description("list, show and create requests, submit them, review them, copy, archive and close them")
  for (const command of [List, Show, Create, Submit, Review, Copy, Archive, Close]) command.register(requests, run)
  return requests
}
