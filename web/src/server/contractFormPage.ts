import { Effect } from "effect"
import { type Contract, ContractCommandInput, Contracts } from "@tawreed/core/contracts"
import { inOrg } from "@tawreed/core/shared"
import type { AttachmentFile } from "../components/attachments/attachments.ts"
import {
  blankContractValues,
  type ContractFormValues,
  type ContractIntent,
  contractIntentOf,
  contractUpdateFromValues,
  contractValuesFromForm,
  contractValuesOf,
  type FoundProduct,
  newContractFromValues,
  withIntent
} from "./contractForms.ts"
import {
  type Choice,
  contractFiles,
  postedFiles,
  productsMatching,
  vendorChoices,
  workspaceChoices
} from "./contractPages.ts"
import { goTo, type PageAstro, runPage } from "./page.ts"

/** What the contract form page shows. */
export interface ContractFormData {
  /** The draft being edited; undefined on the create page. */
  readonly contract: Contract | undefined
  readonly values: ContractFormValues
  readonly vendors: ReadonlyArray<Choice>
  readonly workspaces: ReadonlyArray<Choice>
  readonly found: ReadonlyArray<FoundProduct> | undefined
  readonly files: ReadonlyArray<AttachmentFile>
}

/**
 * Runs the create page (`editing` undefined) or a draft's edit page. A save writes the draft, and "save and submit"
 * submits it too, both in one transaction, so a refused submission leaves no draft behind and the form shows again
 * as posted with the refusal. Any other post (a product search, a line added or taken out) changes only the form:
 * the page shows it again with the products the search finds.
 */
export const runContractForm = async (astro: PageAstro, editing: string | undefined) => {
  const { locale, t, settings } = astro.locals
  // The form's write is asked before the page's reads (server/page.ts), so the reads see what was posted.
  let posted: { readonly values: ContractFormValues; readonly intent: ContractIntent } | undefined
  const detail = (id: string) => `/${locale}/orders/contracts/${id}`
  const run = await runPage<ContractFormData>(astro, {
    form: (data, { actor, origin }) => {
      const values = contractValuesFromForm(data)
      const intent = contractIntentOf(data)
      posted = { values, intent }
      if (intent._tag !== "save") return undefined
      return inOrg(
        actor.orgId,
        Effect.gen(function* () {
          const contracts = yield* Contracts
          const saved =
            editing === undefined
              ? yield* contracts.create(actor, yield* newContractFromValues(values), origin)
              : yield* contracts.update(
                  actor,
                  editing,
                  yield* contractUpdateFromValues(Number(data.get("version") ?? "0"), values),
                  origin
                )
          if (!intent.submit) {
            return goTo(
              detail(saved.id),
              t(editing === undefined ? "contracts:actions.created" : "contracts:actions.saved")
            )
          }
          const submitted = yield* contracts.submit(
            actor,
            saved.id,
            new ContractCommandInput({ version: saved.version }),
            origin
          )
          return goTo(
            detail(submitted.id),
            submitted.status === "CONTRACT_ACTIVE"
              ? `${t("contracts:actions.submitted")} · ${t("contracts:status.CONTRACT_ACTIVE")}`
              : t("contracts:actions.submitted")
          )
        })
      )
    },
    load: ({ actor }) =>
      Effect.gen(function* () {
        const contract =
          editing === undefined
            ? undefined
            : yield* Effect.flatMap(Effect.service(Contracts), (c) => c.get(actor, editing))
        const held = contract === undefined ? [] : yield* contractFiles(actor, contract.id)
        const values =
          posted !== undefined
            ? withIntent(posted.values, posted.intent)
            : contract !== undefined
              ? contractValuesOf(contract)
              : blankContractValues(settings?.currency ?? "SAR")
        const searched = posted !== undefined && posted.intent._tag !== "save" && values.productSearch !== ""
        return {
          contract,
          values,
          vendors: yield* vendorChoices(actor, locale),
          workspaces: yield* workspaceChoices(actor),
          found: searched ? yield* productsMatching(actor, values.productSearch) : undefined,
          files:
            posted?.values.attachments !== undefined ? yield* postedFiles(actor, posted.values.attachments, held) : held
        } satisfies ContractFormData
      })
  })
  return run
}
